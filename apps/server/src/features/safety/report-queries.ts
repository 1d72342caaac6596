import { and, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { message, report, room, roomMember, user } from "../../db/schema";
import type { StoredSnapshotMessage } from "../../db/schema";
import { isMediaType, mediaKindOf } from "../../media/sniff-media";

/**
 * The conversation a report is about: the room's kind when the reporter is in it and the
 * reported user is (or was: a message of theirs is there) too; null otherwise.
 */
export async function conversationOf(
  db: Database,
  params: { roomId: string; reporterId: string; reportedId: string },
) {
  const [row] = await db
    .select({ kind: room.kind })
    .from(room)
    .innerJoin(
      roomMember,
      and(eq(roomMember.roomId, room.id), eq(roomMember.userId, params.reporterId)),
    )
    .where(
      and(
        eq(room.id, params.roomId),
        sql`(exists (select 1 from ${roomMember} o
               where o.room_id = ${room.id} and o.user_id = ${params.reportedId})
             or exists (select 1 from ${message} m
               where m.room_id = ${room.id} and m.sender_id = ${params.reportedId}))`,
      ),
    );
  return row?.kind ?? null;
}

/** Whether this message is in the room and was sent by this user. */
export async function isMessageOf(
  db: Database,
  params: { roomId: string; messageId: string; senderId: string },
) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(message)
    .where(
      and(
        eq(message.id, params.messageId),
        eq(message.roomId, params.roomId),
        eq(message.senderId, params.senderId),
      ),
    );
  return Boolean(row);
}

/** The room's newest `count` messages as they are now, oldest first, with their senders' names. */
export async function snapshotOf(
  db: Database,
  roomId: string,
  count: number,
): Promise<StoredSnapshotMessage[]> {
  const rows = await db
    .select({
      id: message.id,
      senderId: message.senderId,
      senderName: user.name,
      content: message.content,
      mediaType: message.mediaType,
      createdAt: message.createdAt,
    })
    .from(message)
    .leftJoin(user, eq(user.id, message.senderId))
    .where(eq(message.roomId, roomId))
    .orderBy(desc(message.seq))
    .limit(count);
  return rows.reverse().map((r) => ({
    id: r.id,
    senderId: r.senderId,
    senderName: r.senderName ?? "",
    content: r.content,
    mediaKind: r.mediaType && isMediaType(r.mediaType) ? mediaKindOf(r.mediaType) : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Serialises reports about one user, so the count of distinct reporters is never raced. */
export async function lockReportsAbout(tx: Database, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`report:${userId}`}, 0))`);
}

/** Distinct people who reported this user in the last `hours`. */
export async function distinctReportersSince(tx: Database, userId: string, hours: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${report.reporterId})::int` })
    .from(report)
    .where(
      and(
        eq(report.reportedUserId, userId),
        isNotNull(report.reporterId),
        gt(report.createdAt, sql`now() - make_interval(hours => ${hours})`),
      ),
    );
  return row?.n ?? 0;
}
