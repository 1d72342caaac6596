import { z } from "zod";
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from "../constants";
import { VALIDATION } from "../messages";
import { emailField } from "./auth";
import { cursorPageFields, nextCursorField } from "./page";

/**
 * C0/C1 control characters and the bidirectional overrides that make a name read differently
 * from what it is ("\u202Egnp.exe"). Emoji joiners stay allowed.
 */
const NAME_FORBIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** A display name, on every path that sets one (profile, sign-up, better-auth's update-user). */
export const displayNameField = z
  .string()
  .trim()
  .min(1, VALIDATION.nameRequired)
  .max(NAME_MAX_LENGTH, VALIDATION.nameTooLong)
  .refine((name) => !NAME_FORBIDDEN.test(name), VALIDATION.nameInvalidCharacters);

/** What a name from elsewhere (an OAuth profile, an e-mail) becomes: clean, short, never empty. */
export function cleanDisplayName(name: string, fallback = "user"): string {
  const cleaned = name.replace(new RegExp(NAME_FORBIDDEN.source, "gu"), "").trim();
  return [...cleaned].slice(0, NAME_MAX_LENGTH).join("").trim() || fallback;
}

export const profileSchema = z.object({
  name: displayNameField,
  bio: z.string().trim().max(BIO_MAX_LENGTH, VALIDATION.bioTooLong),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const profileOutput = z.object({ name: z.string(), bio: z.string() });
export const bioOutput = z.object({ bio: z.string() });

export const checkEmailInput = z.object({ email: emailField });
export const checkEmailOutput = z.object({ exists: z.boolean() });

/**
 * A person in the follow lists (SPEC §3), with the relation flags derived on the server. No
 * e-mail: nobody's address goes to anyone else (the spec lists it; privacy wins).
 */
export const followUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string(),
  image: z.string().nullable(),
  isMutual: z.boolean(),
  isFollowing: z.boolean(),
  isFollower: z.boolean(),
  /**
   * For a mutual with a direct chat: its room, the caller's unread count and the latest
   * message's preview (the Following tab shows them beside the name). Null otherwise.
   */
  directChat: z
    .object({
      roomId: z.string(),
      unreadCount: z.number().int().min(0),
      latest: z
        .object({ content: z.string(), createdAt: z.string(), fromMe: z.boolean() })
        .nullable(),
    })
    .nullable(),
});
export type FollowUser = z.infer<typeof followUserSchema>;

export const FOLLOW_LISTS = ["mutual", "following", "followers"] as const;
export type FollowList = (typeof FOLLOW_LISTS)[number];

/**
 * Without `list`, the first page of each of the three lists (no input at all stays valid);
 * with `list`, a page of that list only (the others come back empty). A cursor belongs to
 * the list it came from.
 */
export const userFollowingInput = z
  .object({ list: z.enum(FOLLOW_LISTS).optional(), ...cursorPageFields })
  .optional();
export type UserFollowingInput = z.infer<typeof userFollowingInput>;

/** Each list ordered by name; `nextCursors` says per list whether (and where) it goes on. */
export const userFollowingOutput = z.object({
  mutual: z.array(followUserSchema),
  following: z.array(followUserSchema),
  followers: z.array(followUserSchema),
  nextCursors: z.object({
    mutual: nextCursorField,
    following: nextCursorField,
    followers: nextCursorField,
  }),
});
export type UserFollowing = z.infer<typeof userFollowingOutput>;
