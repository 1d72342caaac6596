import { and, eq, isNull } from "drizzle-orm";
import type { ParsedChannel } from "@chatsphere/contract";
import type { Database } from "../db/client";
import { room, roomMember } from "../db/schema";

/** A member of a room that is still open (stranger rooms close when the pair ends). */
export async function isOpenRoomMember(db: Database, params: { roomId: string; userId: string }) {
  const [row] = await db
    .select({ roomId: roomMember.roomId })
    .from(roomMember)
    .innerJoin(room, eq(room.id, roomMember.roomId))
    .where(
      and(
        eq(roomMember.roomId, params.roomId),
        eq(roomMember.userId, params.userId),
        isNull(room.closedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Who may hold a channel (SPEC §7): a room's members, a user's own channel, and the two
 * shared channels for any session.
 */
export async function canSubscribe(
  db: Database,
  userId: string,
  channel: ParsedChannel,
): Promise<boolean> {
  switch (channel.kind) {
    case "user":
      return channel.id === userId;
    case "lobby":
    case "following":
      return true;
    case "room":
      return isOpenRoomMember(db, { roomId: channel.id, userId });
  }
}
