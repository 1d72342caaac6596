import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  blog,
  comment,
  feedback,
  follow,
  message,
  report,
  room,
  roomBan,
  roomMember,
  safetySettings,
  strangerPause,
  userBlock,
} from "../db/schema";

/**
 * A guest who signs up with e-mail, or signs in with Google or Facebook, from their guest
 * session keeps what they did as a guest (SPEC §2 /profile, §6). better-auth's anonymous
 * plugin calls this, then deletes the guest, whose rows would cascade away with it: so every
 * row keyed by the guest's id moves to the account first, in one transaction (all or none).
 *
 * When the account already has the same row (a membership of the same room, a ban, a
 * follow), the account's row stays and the guest's goes with the guest. A moved message whose
 * clientId the account already used in that room drops the clientId: only retries use it, and
 * the account's own message must stay the one its id names. Sessions and login accounts are
 * better-auth's and are not moved.
 */
export async function moveGuestData(db: Database, params: { guestId: string; userId: string }) {
  const { guestId: from, userId: to } = params;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${roomMember} m set user_id = ${to} where m.user_id = ${from}
        and not exists (select 1 from ${roomMember} o where o.room_id = m.room_id and o.user_id = ${to})`);
    await tx.execute(sql`
      update ${roomBan} b set user_id = ${to} where b.user_id = ${from}
        and not exists (select 1 from ${roomBan} o where o.room_id = b.room_id and o.user_id = ${to})`);
    await tx.execute(sql`
      update ${message} m set sender_id = ${to},
        client_id = case when exists (select 1 from ${message} o where o.sender_id = ${to}
          and o.room_id = m.room_id and o.client_id = m.client_id) then null else m.client_id end
      where m.sender_id = ${from}`);
    await tx.execute(sql`update ${room} set owner_id = ${to} where owner_id = ${from}`);
    // Nobody follows themselves: a follow between the guest and the account is dropped.
    await tx.execute(sql`
      update ${follow} f set follower_id = ${to} where f.follower_id = ${from}
        and f.following_id <> ${to} and not exists (select 1 from ${follow} o
          where o.follower_id = ${to} and o.following_id = f.following_id)`);
    await tx.execute(sql`
      update ${follow} f set following_id = ${to} where f.following_id = ${from}
        and f.follower_id <> ${to} and not exists (select 1 from ${follow} o
          where o.following_id = ${to} and o.follower_id = f.follower_id)`);
    await tx.execute(sql`update ${comment} set author_id = ${to} where author_id = ${from}`);
    await tx.execute(sql`update ${feedback} set user_id = ${to} where user_id = ${from}`);
    await tx.execute(sql`update ${blog} set author_id = ${to} where author_id = ${from}`);
    await moveSafetyRows(tx, from, to);
  });
}

/**
 * Blocks both ways, reports by and about the guest (the evidence follows the person), a pause
 * from stranger chat (linking an account does not end it: the stricter one stays) and the
 * guest's settings unless the account has its own.
 */
async function moveSafetyRows(tx: Database, from: string, to: string) {
  await tx.execute(sql`
    update ${userBlock} b set blocker_id = ${to} where b.blocker_id = ${from}
      and b.blocked_id <> ${to} and not exists (select 1 from ${userBlock} o
        where o.blocker_id = ${to} and o.blocked_id = b.blocked_id)`);
  await tx.execute(sql`
    update ${userBlock} b set blocked_id = ${to} where b.blocked_id = ${from}
      and b.blocker_id <> ${to} and not exists (select 1 from ${userBlock} o
        where o.blocked_id = ${to} and o.blocker_id = b.blocker_id)`);
  await tx.execute(sql`
    update ${report} r set reporter_id = ${to} where r.reporter_id = ${from}
      and r.reported_user_id <> ${to} and not exists (select 1 from ${report} o
        where o.reporter_id = ${to} and o.reported_user_id = r.reported_user_id
          and o.room_id = r.room_id)`);
  await tx.execute(sql`
    update ${report} r set reported_user_id = ${to} where r.reported_user_id = ${from}
      and r.reporter_id is distinct from ${to} and not exists (select 1 from ${report} o
        where o.reported_user_id = ${to} and o.reporter_id = r.reporter_id
          and o.room_id = r.room_id)`);
  await tx.execute(sql`
    insert into ${strangerPause} (user_id, until, reason, created_at)
      select ${to}, until, reason, created_at from ${strangerPause} where user_id = ${from}
    on conflict (user_id) do update set
      until = case when excluded.until is null or ${strangerPause.until} is null then null
        else greatest(excluded.until, ${strangerPause.until}) end,
      reason = case when excluded.until is null then excluded.reason
        else ${strangerPause.reason} end`);
  await tx.execute(sql`
    update ${safetySettings} s set user_id = ${to} where s.user_id = ${from}
      and not exists (select 1 from ${safetySettings} o where o.user_id = ${to})`);
}
