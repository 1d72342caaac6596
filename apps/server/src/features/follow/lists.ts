import {
  FOLLOW_LISTS,
  FOLLOW_PAGE_SIZE,
  VALIDATION,
  type FollowList,
  type FollowUser,
  type UserFollowingInput,
} from "@chatsphere/contract";
import { z } from "zod";
import type { Database } from "../../db/client";
import { decodeCursor, toPage } from "../../db/page";
import { AppError } from "../../errors";
import { listFollows, type DirectChatJson } from "./list-queries";

/** A follow-list cursor names its list, so it cannot continue another one. */
const followKey = z.tuple([z.enum(FOLLOW_LISTS), z.string(), z.string()]);

/** The contract's direct chat: the database's JSON time as ISO 8601. */
const toDirectChat = (chat: DirectChatJson | null): FollowUser["directChat"] =>
  chat && {
    ...chat,
    latest: chat.latest && {
      ...chat.latest,
      createdAt: new Date(chat.latest.createdAt).toISOString(),
    },
  };

/**
 * Following, followers and the mutual ones among them, each person with the relation flags
 * (and a mutual's direct chat): the first page of each list, or with `list` (or a cursor) one
 * page of that list alone. Names, bios and pictures only: nobody's e-mail.
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
    const rows = await listFollows(db, { userId, list, limit, after: key?.slice(1) ?? null });
    const people: FollowUser[] = rows.map((p) => ({
      ...p,
      isMutual: p.isFollowing && p.isFollower,
      directChat: toDirectChat(p.directChat),
    }));
    return toPage(people, limit, (p) => [list, p.name, p.id]);
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
