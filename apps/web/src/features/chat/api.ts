import { queryOptions, type QueryClient } from "@tanstack/react-query";
import {
  FOLLOW_PAGE_SIZE,
  ROOM_MEMBERS_PAGE_SIZE,
  ROOMS_PAGE_SIZE,
  type FollowList,
} from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import { syncHistory, type History } from "./history-sync";
import type { RoomPages } from "./rooms/room-pages";

/**
 * A room's messages. The first fetch reads the newest page; each refetch (the channel ready
 * again after a reconnect) reads every page after the newest one held, however many. Pages
 * merge into what is shown by id: events that arrived meanwhile stay, nothing shows twice.
 */
export const messagesQuery = (roomId: string) =>
  queryOptions({
    queryKey: ["messages", roomId] as const,
    queryFn: ({ client, queryKey }): Promise<History> =>
      syncHistory(rpc.message.list, roomId, () => client.getQueryData<History>(queryKey)),
    staleTime: Infinity,
    // The conversation shows 'Failed to load chat history' itself (SPEC §8).
    meta: { silent: true },
  });

/*
 * The paged lists: each page continues at the cursor of the one before, and a refetch (the
 * room lists on a timer and on `rooms_changed`, members on presence changes) reloads the
 * pages already shown.
 */
const nextPage = (cursor: string | null) => cursor ?? undefined;

/** Every public room, global ones first ("All rooms"). */
export const roomsQuery = () =>
  orpc.room.listRooms.infiniteOptions({
    input: (cursor: string | undefined) => ({ limit: ROOMS_PAGE_SIZE, cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => nextPage(last.nextCursor),
  });

/** The rooms the user is in, most recently active first, with unread counts ("Your rooms"). */
export const myRoomsQuery = () =>
  orpc.room.getMyRooms.infiniteOptions({
    input: (cursor: string | undefined) => ({ limit: ROOMS_PAGE_SIZE, cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => nextPage(last.nextCursor),
  });

/** Both room lists, for refetching or editing them together. */
const ROOM_LIST_KEYS = [orpc.room.listRooms.key(), orpc.room.getMyRooms.key()] as const;

/** Applies an edit (rooms/room-pages.ts) to both cached room lists at once. */
export function editRoomLists(
  queryClient: QueryClient,
  edit: (data: RoomPages | undefined) => RoomPages | undefined,
) {
  for (const queryKey of ROOM_LIST_KEYS) queryClient.setQueriesData<RoomPages>({ queryKey }, edit);
}

/** Refetches both room lists (after an action, on `rooms_changed`, after a reconnect). */
export const refreshRoomLists = (queryClient: QueryClient) =>
  Promise.all(ROOM_LIST_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export const membersQuery = (roomId: string) =>
  orpc.room.listRoomMembers.infiniteOptions({
    input: (cursor: string | undefined) => ({ roomId, limit: ROOM_MEMBERS_PAGE_SIZE, cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => nextPage(last.nextCursor),
  });

/** One follow list (the Following tab pages its three sections separately). */
export const followingQuery = (list: FollowList) =>
  orpc.user.userFollowing.infiniteOptions({
    input: (cursor: string | undefined) => ({ list, limit: FOLLOW_PAGE_SIZE, cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => nextPage(last.nextCursors[list]),
  });
