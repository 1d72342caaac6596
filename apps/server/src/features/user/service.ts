import { PERMISSION, type ProfileInput } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { RateLimiter } from "../../rate-limit/rate-limiter";
import * as queries from "./queries";

export async function getBio(db: Database, userId: string) {
  const row = await queries.findBio(db, userId);
  if (!row) throw new AppError("NOT_FOUND", PERMISSION.userNotFound);
  return row;
}

export async function updateProfile(db: Database, userId: string, input: ProfileInput) {
  const row = await queries.updateProfile(db, { userId, name: input.name, bio: input.bio });
  if (!row) throw new AppError("NOT_FOUND", PERMISSION.userNotFound);
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
