import { SAFETY_LIMITS } from "@chatsphere/contract";
import type { RateLimiter, RateLimitRule } from "./rate-limiter";

/**
 * How often one user, and one client address, may call each procedure (decision 0015).
 * Per-user limits are what a fast person never reaches; per-address limits are many times
 * larger, because a school, an office or a mobile carrier puts hundreds of people behind one
 * address, and one person's flood must not throttle the others there. A procedure without
 * an entry gets the default of its kind, so every procedure added later is limited too.
 */
export interface CallLimit {
  user: RateLimitRule;
  address: RateLimitRule;
}

const per = (max: number, window: number): RateLimitRule => ({ max, window });

export const DEFAULT_MUTATION_LIMIT: CallLimit = { user: per(60, 60), address: per(1200, 60) };
export const DEFAULT_READ_LIMIT: CallLimit = { user: per(300, 60), address: per(6000, 60) };

export const CALL_LIMITS: Record<string, CallLimit> = {
  // A burst of a few messages in a row is normal; a loop is not.
  "message.send": { user: per(20, 10), address: per(600, 10) },
  "room.findStranger": { user: per(20, 60), address: per(600, 60) },
  "room.skipStranger": { user: per(30, 60), address: per(600, 60) },
  "room.join": { user: per(30, 60), address: per(600, 60) },
  "admin.uploadBlogImage": { user: per(20, 60), address: per(200, 60) },
  // Photos, videos and voice notes: a handful at once is normal, a stream of them is not.
  "message.uploadMedia": { user: per(20, 60), address: per(600, 60) },
  // A read whose name does not say so; the Following tab asks for its three lists at once.
  "user.userFollowing": DEFAULT_READ_LIMIT,
  // An open direct chat marks itself read as messages arrive: as often as the other side may
  // send (message.send above), not the default of other mutations.
  "dm.markAsRead": { user: per(120, 60), address: per(2400, 60) },
  // Named like a read, but it may create the pair's room: counted as a mutation.
  "dm.getOrCreateChat": DEFAULT_MUTATION_LIMIT,
  // Reports are few by nature; a stream of them is abuse of the queue (issue 14).
  "safety.report": { user: per(SAFETY_LIMITS.reportsPerHour, 3600), address: per(200, 3600) },
  // A read whose name does not say so (the chat asks for it after every block change).
  "safety.blockedIds": DEFAULT_READ_LIMIT,
  // Each run walks every guest; one at a time per process (409 meanwhile), a few a minute.
  "admin.deleteAllGuestUsers": { user: per(5, 60), address: per(20, 60) },
};

/** Reads by name (list*, get*, is*, check*): they change nothing and are called more often. */
const READ_NAME = /^(list|get|is|check)[A-Z]/;

export function callLimitOf(procedure: string): CallLimit {
  const known = CALL_LIMITS[procedure];
  if (known) return known;
  const name = procedure.split(".").at(-1) ?? "";
  return READ_NAME.test(name) ? DEFAULT_READ_LIMIT : DEFAULT_MUTATION_LIMIT;
}

/**
 * Counts a call against its caller and their address: null when allowed, else seconds to
 * wait. The user's allowance is asked first and a call it refuses does not count against
 * the address, so a flooding user only ever spends their own allowance. One Redis round trip
 * for both.
 */
export async function limitCall(
  limiter: RateLimiter,
  call: { procedure: string; userId: string | null; address: string },
): Promise<number | null> {
  const limit = callLimitOf(call.procedure);
  const address = { key: `call:${call.procedure}:a:${call.address}`, rule: limit.address };
  return limiter.consumeInOrder(
    call.userId
      ? [{ key: `call:${call.procedure}:u:${call.userId}`, rule: limit.user }, address]
      : [address],
  );
}
