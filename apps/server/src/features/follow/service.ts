import {
  PERMISSION,
  roomChannel,
  SAFETY_ERROR,
  TEXT,
  TOAST,
  userChannel,
} from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { RealtimePublisher } from "../../realtime/realtime";
import { lockPair } from "../../db/pair-lock";
import { isBlockedEitherWay } from "../../moderation/blocks";
import * as queries from "./queries";

interface Deps {
  db: Database;
  realtime: RealtimePublisher;
}

/** Who acts: the session's user (their name goes out with the events). */
interface Caller {
  id: string;
  name: string;
}

/**
 * Follows a registered user (SPEC §4 "Follow"). Following again changes nothing and tells
 * nobody again. The follow commits before anyone is told: `follow_notification` to the
 * followed person, and when it made the follow mutual, `mutual_follow_notification` to both
 * (each payload names the other person), since a direct chat is open to them now. The
 * caller's devices get the followed person's online state (`following_status`).
 */
export async function follow(deps: Deps, caller: Caller, userId: string) {
  if (userId === caller.id) throw new AppError("BAD_REQUEST", PERMISSION.cannotFollowSelf);
  const { target, isNew, isMutual } = await deps.db.transaction(async (tx) => {
    await lockPair(tx, caller.id, userId);
    const target = await queries.followTarget(tx, userId);
    if (!target) throw new AppError("BAD_REQUEST", PERMISSION.userNotFound);
    if (target.isAnonymous) throw new AppError("BAD_REQUEST", PERMISSION.cannotFollowGuest);
    // Blocked either way (issue 14): under the same pair lock as a block, so never raced.
    if (await isBlockedEitherWay(tx, caller.id, userId)) {
      throw new AppError("FORBIDDEN", SAFETY_ERROR.blocked);
    }
    const isNew = await queries.insertFollow(tx, { followerId: caller.id, followingId: userId });
    const isMutual = await queries.isFollowing(tx, { followerId: userId, followingId: caller.id });
    return { target, isNew, isMutual };
  });
  if (isNew) {
    // The caller's online dots only hear of people they follow: this one's state, now.
    const online = await deps.realtime.isOnline(target.id);
    deps.realtime.publish(userChannel(caller.id), "following_status", {
      userId: target.id,
      online,
    });
    const me = { userId: caller.id, name: caller.name };
    deps.realtime.publish(userChannel(target.id), "follow_notification", me);
    if (isMutual) {
      deps.realtime.publish(userChannel(target.id), "mutual_follow_notification", me);
      deps.realtime.publish(userChannel(caller.id), "mutual_follow_notification", {
        userId: target.id,
        name: target.name,
      });
    }
  }
  return { message: TOAST.userFollowed, isMutual };
}

/**
 * Ends a follow; not following is already the goal, so it never fails. The direct chat stays
 * readable to both, but no new message can be sent until the follow is mutual again. When a
 * follow ended, `unfollow_notification` goes to the other person (their lists and their chat's
 * composer change; no toast: nobody is told off for it) and to the caller's other devices.
 */
export async function unfollow(deps: Deps, caller: Caller, userId: string) {
  // Under the pair's lock, as follow takes it: a follow back racing this unfollow either
  // sees the row gone or commits first, so nobody is told of a mutual follow that has ended.
  const ended = await deps.db.transaction(async (tx) => {
    await lockPair(tx, caller.id, userId);
    return queries.deleteFollow(tx, { followerId: caller.id, followingId: userId });
  });
  if (ended) {
    const payload = { userId: caller.id, name: caller.name };
    deps.realtime.publish(userChannel(userId), "unfollow_notification", payload);
    deps.realtime.publish(userChannel(caller.id), "unfollow_notification", payload);
  }
  return { message: TOAST.userUnfollowed };
}

export function isFollowing(db: Database, callerId: string, userId: string) {
  return queries.isFollowing(db, { followerId: callerId, followingId: userId });
}

/**
 * A guest pressed Follow in a stranger chat (SPEC §6): guests cannot follow, so the other side
 * is told '{name} wants to follow you...' (`follow_attempt` on the room), and the guest is
 * asked to link an account. Only from inside a chat that is still going on.
 */
export async function followAttempt(
  deps: Deps,
  caller: Caller & { isAnonymous: boolean },
  roomId: string,
) {
  if (!caller.isAnonymous) throw new AppError("BAD_REQUEST", PERMISSION.notAGuest);
  const params = { roomId, userId: caller.id };
  if (!(await queries.isInOpenStrangerRoom(deps.db, params))) {
    throw new AppError("FORBIDDEN", PERMISSION.notInStrangerChat);
  }
  deps.realtime.publish(roomChannel(roomId), "follow_attempt", {
    userId: caller.id,
    name: caller.name,
  });
  return { message: TEXT.linkAccountBody };
}
