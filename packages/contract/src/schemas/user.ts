import { z } from "zod";
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from "../constants";
import { VALIDATION } from "../messages";
import { emailField } from "./auth";

export const profileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, VALIDATION.nameRequired)
    .max(NAME_MAX_LENGTH, VALIDATION.nameTooLong),
  bio: z.string().trim().max(BIO_MAX_LENGTH, VALIDATION.bioTooLong),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const profileOutput = z.object({ name: z.string(), bio: z.string() });
export const bioOutput = z.object({ bio: z.string() });

export const checkEmailInput = z.object({ email: emailField });
export const checkEmailOutput = z.object({ exists: z.boolean() });

/** A person in the follow lists (SPEC §3), with the relation flags derived on the server. */
export const followUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  bio: z.string(),
  image: z.string().nullable(),
  isMutual: z.boolean(),
  isFollowing: z.boolean(),
  isFollower: z.boolean(),
});
export type FollowUser = z.infer<typeof followUserSchema>;

export const userFollowingOutput = z.object({
  mutual: z.array(followUserSchema),
  following: z.array(followUserSchema),
  followers: z.array(followUserSchema),
});
export type UserFollowing = z.infer<typeof userFollowingOutput>;
