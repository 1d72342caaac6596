import { z } from "zod";
import {
  PERMISSION,
  SAFETY_ERROR,
  SAFETY_TOAST,
  userChannel,
  type CursorPageInput,
} from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { decodeCursor, TIMESTAMP_KEY, toPage } from "../../db/page";
import { AppError } from "../../errors";
import type { RealtimePublisher } from "../../realtime/realtime";
import { lockPair } from "../../db/pair-lock";
import * as queries from "./block-queries";

/*
 * Blocking (issue 14): a blocked pair is never matched in stranger chat, cannot follow each
 * other (so no direct message either: those need a mutual follow), and the blocker's chat
 * hides the other's messages in shared rooms. Blocking ends the follows between the two.
 */

interface Deps {
  db: Database;
  realtime: RealtimePublisher;
}

interface Caller {
  id: string;
  name: string;
}

const BLOCKED_PAGE_SIZE = 20;
const blockedKey = z.tuple([z.string().regex(TIMESTAMP_KEY), z.string()]);

/**
 * Blocks a user, under the pair's follow lock (db/pair-lock.ts), so a follow racing
 * the block either commits first and is ended here, or finds the block and is refused.
 */
export async function block(deps: Deps, caller: Caller, userId: string) {
  if (userId === caller.id) throw new AppError("BAD_REQUEST", SAFETY_ERROR.cannotBlockSelf);
  const { target, endedFollows } = await deps.db.transaction(async (tx) => {
    await lockPair(tx, caller.id, userId);
    const target = await queries.personOf(tx, userId);
    if (!target) throw new AppError("BAD_REQUEST", PERMISSION.userNotFound);
    await queries.insertBlock(tx, caller.id, userId);
    const endedFollows = await queries.deleteFollowsBetween(tx, caller.id, userId);
    return { target, endedFollows };
  });
  // Their lists and an open direct chat's composer change at once (as after an unfollow).
  for (const ended of endedFollows) {
    const follower = ended.followerId === caller.id ? caller : target;
    const payload = { userId: follower.id, name: follower.name };
    deps.realtime.publish(userChannel(ended.followingId), "unfollow_notification", payload);
    deps.realtime.publish(userChannel(ended.followerId), "unfollow_notification", payload);
  }
  // The blocker's other devices hide the person's messages too.
  deps.realtime.publish(userChannel(caller.id), "blocks_changed", {});
  return { message: SAFETY_TOAST.blocked(target.name) };
}

export async function unblock(deps: Deps, caller: Caller, userId: string) {
  const target = await queries.personOf(deps.db, userId);
  if (!target) throw new AppError("BAD_REQUEST", PERMISSION.userNotFound);
  await deps.db.transaction(async (tx) => {
    await lockPair(tx, caller.id, userId);
    await queries.deleteBlock(tx, caller.id, userId);
  });
  deps.realtime.publish(userChannel(caller.id), "blocks_changed", {});
  return { message: SAFETY_TOAST.unblocked(target.name) };
}

export async function listBlocked(db: Database, userId: string, page: CursorPageInput) {
  const limit = page?.limit ?? BLOCKED_PAGE_SIZE;
  const rows = await queries.listBlocked(db, {
    userId,
    limit,
    after: decodeCursor(page?.cursor, blockedKey),
  });
  const { items, nextCursor } = toPage(rows, limit, (r) => [r.key, r.id]);
  return {
    users: items.map((r) => ({
      id: r.id,
      name: r.name,
      image: r.image,
      blockedAt: r.blockedAt.toISOString(),
    })),
    nextCursor,
  };
}

export async function blockedIds(db: Database, userId: string) {
  return { userIds: await queries.blockedBy(db, userId) };
}
