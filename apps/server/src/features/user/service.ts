import {
  FOLLOW_LISTS,
  FOLLOW_PAGE_SIZE,
  VALIDATION,
  type FollowList,
  type ProfileInput,
  type UserFollowingInput,
} from "@chatsphere/contract";
import { z } from "zod";
import type { Database } from "../../db/client";
import { decodeCursor, toPage } from "../../db/page";
import { AppError } from "../../errors";
import type { RateLimiter } from "../../rate-limit/rate-limiter";
import * as queries from "./queries";

export async function getBio(db: Database, userId: string) {
  const row = await queries.findBio(db, userId);
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  return row;
}

export async function updateProfile(db: Database, userId: string, input: ProfileInput) {
  const row = await queries.updateProfile(db, { userId, name: input.name, bio: input.bio });
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  return row;
}

/**
 * Tells the forgot-password form whether an e-mail has an account (SPEC §5). That reveals
 * accounts, so callers are limited per address: enough for a person, useless for a scan.
 */
export async function checkEmailExists(
  deps: { db: Database; rateLimiter: RateLimiter },
  params: { email: string; clientIp: string },
) {
  const allowed = await deps.rateLimiter.hit(`check-email:${params.clientIp}`, {
    window: 60,
    max: 10,
  });
  if (!allowed)
    throw new AppError("TOO_MANY_REQUESTS", "Too many requests. Please try again later.");
  return { exists: await queries.emailExists(deps.db, params.email) };
}

/** A follow-list cursor names its list, so it cannot continue another one. */
const followKey = z.tuple([z.enum(FOLLOW_LISTS), z.string(), z.string()]);

/**
 * Following, followers and the mutual ones among them, each person with the relation flags:
 * the first page of each list, or with `list` (or a cursor) one page of that list alone.
 */
export async function userFollowing(db: Database, userId: string, input: UserFollowingInput) {
  const limit = input?.limit ?? FOLLOW_PAGE_SIZE;
  const key = decodeCursor(input?.cursor, followKey);
  if (key && input?.list && key[0] !== input.list) {
    throw new AppError("BAD_REQUEST", VALIDATION.invalidPageCursor);
  }
  const only = key?.[0] ?? input?.list;
  const pageOf = async (list: FollowList) => {
    if (only && list !== only) return { items: [], nextCursor: null };
    const rows = await queries.listFollows(db, {
      userId,
      list,
      limit,
      after: key?.slice(1) ?? null,
    });
    const flagged = rows.map((p) => ({ ...p, isMutual: p.isFollowing && p.isFollower }));
    return toPage(flagged, limit, (p) => [list, p.name, p.id]);
  };
  const [mutual, following, followers] = await Promise.all([
    pageOf("mutual"),
    pageOf("following"),
    pageOf("followers"),
  ]);
  return {
    mutual: mutual.items,
    following: following.items,
    followers: followers.items,
    nextCursors: {
      mutual: mutual.nextCursor,
      following: following.nextCursor,
      followers: followers.nextCursor,
    },
  };
}
