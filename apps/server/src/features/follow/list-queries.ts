import { ROOM_UNREAD_CAP, type FollowList } from "@chatsphere/contract";
import { and, asc, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { after, type CursorKey } from "../../db/page";
import { follow, message, room, roomMember, user } from "../../db/schema";

/** Whether `me` follows the person of the outer row, and whether they follow `me`. */
const relations = (me: string) => ({
  iFollow: sql<boolean>`exists (select 1 from ${follow} where ${follow.followerId} = ${me} and ${follow.followingId} = ${user.id})`,
  followsMe: sql<boolean>`exists (select 1 from ${follow} where ${follow.followerId} = ${user.id} and ${follow.followingId} = ${me})`,
});

/** What the database hands back for `directChat` (JSON: times are text). */
export interface DirectChatJson {
  roomId: string;
  unreadCount: number;
  latest: { content: string; createdAt: string; fromMe: boolean } | null;
}

/**
 * The direct chat of `me` with the person of the outer row, as JSON, in the same statement as
 * the page: found by its pair key (the unique `room_direct_pair_uq`, built as dm.getOrCreateChat
 * builds it), with the caller's unread count and the newest message. The unread count is the
 * room list's (rooms/summary-queries.ts, messages/unread-queries.ts): others' messages after
 * the caller's last read among the newest ROOM_UNREAD_CAP, and no message read at all when
 * nothing happened since.
 */
const directChatOf = (me: string) => sql<DirectChatJson | null>`(
  select json_build_object(
    'roomId', r.id,
    'unreadCount', case when r.last_activity_at <= mine.last_read_at then 0
      else (select count(*)::int from (
        select c.sender_id, c.created_at from ${message} c
        where c.room_id = r.id order by c.seq desc limit ${ROOM_UNREAD_CAP}
      ) recent where recent.sender_id <> ${me} and recent.created_at > mine.last_read_at) end,
    'latest', (
      select json_build_object('content', c.content, 'createdAt', c.created_at,
        'fromMe', c.sender_id is not distinct from ${me})
      from ${message} c where c.room_id = r.id order by c.seq desc limit 1))
  from ${room} r
  join ${roomMember} mine on mine.room_id = r.id and mine.user_id = ${me}
  where r.direct_pair = least(${me} collate "C", ${user.id} collate "C")
    || ':' || greatest(${me} collate "C", ${user.id} collate "C"))`;

/**
 * A page of one of the caller's follow lists, by name, after the key (name, id) of the last
 * person shown, one row extra. The scope is `userId` on the caller's side of each relation.
 * Mutuals come with their direct chat (null without one, and for everyone else).
 */
export function listFollows(
  db: Database,
  params: { userId: string; list: FollowList; limit: number; after: CursorKey | null },
) {
  const { iFollow, followsMe } = relations(params.userId);
  const scope = {
    following: iFollow,
    followers: followsMe,
    mutual: and(iFollow, followsMe),
  }[params.list];
  return db
    .select({
      id: user.id,
      name: user.name,
      bio: user.bio,
      image: user.image,
      isFollowing: iFollow,
      isFollower: followsMe,
      directChat: sql<DirectChatJson | null>`case when ${iFollow} and ${followsMe}
        then ${directChatOf(params.userId)} end`,
    })
    .from(user)
    .where(and(scope, after([user.name, user.id], params.after)))
    .orderBy(asc(user.name), asc(user.id))
    .limit(params.limit + 1);
}
