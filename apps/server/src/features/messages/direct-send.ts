import { DM_UNANSWERED_CAP, PERMISSION, TOAST } from "@chatsphere/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { follow, message, room, roomMember } from "../../db/schema";
import { AppError } from "../../errors";
import { insertMessage, isMemberOf, type NewMessage } from "./queries";
import { roomKindOf } from "./room-kinds";

/** What a direct send did: when it stored (null: nothing new), and whom it was for. */
export interface DirectSendResult {
  createdAt: Date | null;
  recipientId: string | null;
}

/**
 * Stores a direct message under the direct chat's rules (SPEC §5): the two must follow each
 * other now, and nobody sends a fourth message before the other replies.
 *
 * Why three statements in one transaction and not one: under READ COMMITTED a statement reads
 * the snapshot taken when it started, so a single statement that locked the room and counted
 * in a subquery would wait for a concurrent send's lock and then count without that send's
 * message: ten concurrent sends would all count two and store ten. Here the room row is locked
 * first (the lock every send of the room takes anyway, decision 0019), and the rules are read
 * by a later statement, whose snapshot includes every send that committed before this one got
 * the lock. The follow rows are held FOR SHARE, so an unfollow waits for this send to commit
 * instead of landing between the check and the insert.
 *
 * A repeated clientId is answered before the rules: the retry of an accepted third message
 * returns it (decision 0019), it is not refused as a fourth.
 */
export async function insertDirectMessage(
  db: Database,
  params: NewMessage,
): Promise<DirectSendResult> {
  const { roomId, senderId } = params;
  return db.transaction(async (tx) => {
    const locked = await lockDirectRoom(tx, { roomId, senderId });
    if (!locked) return { createdAt: null, recipientId: null };
    const recipientId = locked.other_id;
    const rules = await sendRules(tx, { roomId, senderId, recipientId, clientId: params.clientId });
    if (rules.is_repeat) return { createdAt: null, recipientId };
    if (rules.follows !== 2) throw new AppError("FORBIDDEN", PERMISSION.notMutual);
    if (rules.unanswered >= DM_UNANSWERED_CAP) throw new AppError("CONFLICT", TOAST.dmLimit);
    return { createdAt: await insertMessage(tx, params), recipientId };
  });
}

/**
 * Before a file for a direct chat is read (message.uploadMedia): the send's rules, so that no
 * file is stored for a message that could not be sent. Without the send's lock: the send that
 * follows checks again under it. Other kinds of room have no such rules.
 */
export async function assertMayUploadToDirect(
  db: Database,
  params: { roomId: string; senderId: string },
) {
  if ((await roomKindOf(db, params.roomId)) !== "direct") return;
  const result = await db.execute(sql`
    select m.user_id as other_id from ${roomMember} m
    where m.room_id = ${params.roomId} and m.user_id <> ${params.senderId} limit 1`);
  const recipientId = rowsOf<{ other_id: string }>(result)[0]?.other_id ?? null;
  const rules = await sendRules(db, { ...params, recipientId, clientId: null });
  if (rules.follows !== 2) throw new AppError("FORBIDDEN", PERMISSION.notMutual);
  if (rules.unanswered >= DM_UNANSWERED_CAP) throw new AppError("CONFLICT", TOAST.dmLimit);
}

/** Raw statements answer `{ rows }` on both drivers (PGlite, node-postgres). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Locks an open direct room the sender is a member of (FOR NO KEY UPDATE, as the insert's own
 * update would) and names the other member; null when the sender may not use it.
 */
async function lockDirectRoom(tx: Database, params: { roomId: string; senderId: string }) {
  const { roomId, senderId } = params;
  const result = await tx.execute(sql`
    select (select m.user_id from ${roomMember} m
            where m.room_id = r.id and m.user_id <> ${senderId} limit 1) as other_id
    from ${room} r
    where r.id = ${roomId} and r.kind = 'direct' and r.closed_at is null
      and ${isMemberOf(roomId, senderId)}
    for no key update of r`);
  return rowsOf<{ other_id: string | null }>(result)[0] ?? null;
}

/**
 * Read after the lock: whether this clientId was stored already, how many of the two follow
 * rows exist (held against a concurrent unfollow), and how many of the room's newest
 * DM_UNANSWERED_CAP messages are the sender's (all of them: the cap is reached).
 */
async function sendRules(
  tx: Database,
  params: { roomId: string; senderId: string; recipientId: string | null; clientId: string | null },
) {
  const { roomId, senderId, recipientId, clientId } = params;
  const result = await tx.execute(sql`
    select
      exists (select 1 from ${message} c where c.sender_id = ${senderId}
        and c.room_id = ${roomId} and c.client_id = ${clientId}::text) as is_repeat,
      (select count(*)::int from (
        select 1 from ${follow} f
        where (f.follower_id = ${senderId} and f.following_id = ${recipientId}::text)
           or (f.follower_id = ${recipientId}::text and f.following_id = ${senderId})
        for share) pair) as follows,
      (select count(*)::int from (
        select c.sender_id from ${message} c where c.room_id = ${roomId}
        order by c.seq desc limit ${DM_UNANSWERED_CAP}) recent
        where recent.sender_id = ${senderId}) as unanswered`);
  const row = rowsOf<{ is_repeat: boolean; follows: number; unanswered: number }>(result)[0];
  if (!row) throw new Error("direct send rules: no row");
  return row;
}
