import type { InfiniteData } from "@tanstack/react-query";
import type { RoomSummary } from "@chatsphere/contract";

/*
 * Edits of the cached room lists (Your rooms, All rooms) made at once, before the refetch
 * that follows every action: a deleted room or a ban leaves the list now, not in 15 s.
 */

interface RoomPage {
  rooms: RoomSummary[];
  nextCursor: string | null;
}
export type RoomPages = InfiniteData<RoomPage, string | undefined>;

const mapRooms = (
  data: RoomPages | undefined,
  edit: (rooms: RoomSummary[]) => RoomSummary[],
): RoomPages | undefined =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, rooms: edit(page.rooms) })) };

export const withoutRoom = (data: RoomPages | undefined, roomId: string) =>
  mapRooms(data, (rooms) => rooms.filter((room) => room.id !== roomId));

export const withRoomPatched = (
  data: RoomPages | undefined,
  roomId: string,
  patch: Partial<RoomSummary>,
) =>
  mapRooms(data, (rooms) =>
    rooms.map((room) => (room.id === roomId ? { ...room, ...patch } : room)),
  );

/** A room just created goes on top of the first page (the most recently active one). */
export function withRoomFirst(
  data: RoomPages | undefined,
  room: RoomSummary,
): RoomPages | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) return data;
  const rooms = [room, ...first.rooms.filter((r) => r.id !== room.id)];
  return { ...data, pages: [{ ...first, rooms }, ...rest] };
}
