import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { follow, message, room, roomMember, user } from "../../db/schema";

export const DIRECT_ROOM_NAME = "Direct chat";

/**
 * The pair's key in `room.direct_pair`: both ids, the smaller first, byte order ("C"), so it
 * never depends on the database's collation. follow/list-queries.ts builds the same key.
 */
const pairKey = (a: string, b: string) =>
  sql`least(${a}::text collate "C", ${b}::text collate "C")
    || ':' || greatest(${a}::text collate "C", ${b}::text collate "C")`;

/** Both follow each other (two follow rows). */
export async function isMutual(db: Database, a: string, b: string) {
  const rows = await db
    .select({ followerId: follow.followerId })
    .from(follow)
    .where(
      or(
        and(eq(follow.followerId, a), eq(follow.followingId, b)),
        and(eq(follow.followerId, b), eq(follow.followingId, a)),
      ),
    );
  return rows.length === 2;
}

/**
 * The pair's direct room with both as members, created on first use. Safe under concurrent
 * calls: the unique pair key lets one insert win; the other waits for its commit and inserts
 * nothing, and the SELECT after it (a new statement, so a new snapshot) finds the winner's
 * room. Memberships are added idempotently, so both are members whichever call created it.
 */
export async function openPairRoom(tx: Database, params: { id: string; a: string; b: string }) {
  const { a, b } = params;
  await tx.execute(sql`
    insert into ${room} (id, name, kind, direct_pair)
    values (${params.id}, ${DIRECT_ROOM_NAME}, 'direct', ${pairKey(a, b)})
    on conflict (direct_pair) where direct_pair is not null do nothing`);
  const [found] = await tx
    .select({ id: room.id })
    .from(room)
    .where(eq(room.directPair, pairKey(a, b)));
  if (!found) throw new Error("direct room: neither inserted nor found");
  await tx
    .insert(roomMember)
    .values([
      { roomId: found.id, userId: a },
      { roomId: found.id, userId: b },
    ])
    .onConflictDoNothing();
  return found.id;
}

export async function chatUserOf(db: Database, userId: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, image: user.image })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/**
 * The newest message of the pair's room, when the caller is its member (the membership is in
 * the WHERE), and whether the two follow each other: one round trip for dm.getLatestMessage.
 */
export async function latestOfPair(db: Database, params: { me: string; other: string }) {
  const { me, other } = params;
  const result = await db.execute(sql`
    select
      (select count(*) from ${follow} f
        where (f.follower_id = ${me} and f.following_id = ${other})
           or (f.follower_id = ${other} and f.following_id = ${me})) = 2 as is_mutual,
      dm.id is not null as is_member, last.content, last.created_at, last.sender_id
    from (select 1) one
    left join ${room} dm on dm.direct_pair = ${pairKey(me, other)}
      and exists (select 1 from ${roomMember} m where m.room_id = dm.id and m.user_id = ${me})
    left join lateral (
      select c.content, c.created_at, c.sender_id from ${message} c
      where c.room_id = dm.id order by c.seq desc limit 1
    ) last on true`);
  const { rows } = result as {
    rows: {
      is_mutual: boolean;
      is_member: boolean;
      content: string | null;
      created_at: string | Date | null;
      sender_id: string | null;
    }[];
  };
  const row = rows[0];
  if (!row) throw new Error("latest direct message: no row");
  return row;
}
