import type { CallerSession, SessionLookup } from "./caller-session";

export interface SessionCache {
  /** The session of a request's Cookie header, or null. */
  get(cookie: string | null | undefined): Promise<CallerSession | null>;
  /** Drops what this process remembers for a cookie's session (sign-out). */
  forgetCookie(cookieHeader: string | undefined): void;
  /** Drops every remembered session of these users (signed out, revoked, renamed, deleted). */
  forgetUser(...userIds: string[]): void;
  /** Stops the sweep of expired entries. */
  close(): void;
}

const TOKEN_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth\.session_token=([^;]+))/;

/** Just the session cookie of a Cookie header (`name=value`), or null. */
export const sessionCookieOf = (cookie: string | null | undefined) =>
  cookie ? (TOKEN_COOKIE.exec(cookie)?.[1] ?? null) : null;

interface Entry {
  userId: string | null;
  session: Promise<CallerSession | null>;
  until: number;
}

/**
 * A session lookup costs a database query; every RPC and every WebSocket handshake needs one.
 * This process remembers each answer for a short time (and shares one lookup between
 * concurrent requests with the same cookie), so a busy client costs one lookup per TTL.
 * Sign-out, revoked sessions and profile changes take effect at once on every process: the
 * process that handled them tells the others through the bus (`Realtime.sessionsChanged`,
 * decision 0013). Expired entries are swept once per TTL: a connected but idle user holds no
 * entry.
 *
 * Each answer is kept for a random time between half the TTL and the TTL. Users who arrived
 * together (everyone reconnecting after a restart) would otherwise all be looked up again in
 * the same instant one TTL later, and again every TTL: on the embedded default 2 000 such
 * lookups queued behind one another held every message of those seconds back by 100-300 ms
 * (bench/README.md, "Tenth run" of the full send path). Spread, each renewal draws again, so
 * a crowd's lookups thin out into a steady trickle.
 */
export function createSessionCache(
  lookupSession: SessionLookup,
  options: { ttlMs: number; maxEntries: number; random?: () => number } = {
    ttlMs: 30_000,
    maxEntries: 50_000,
  },
): SessionCache & { readonly size: number } {
  // In order of arrival: an entry is deleted and set again whenever it is renewed.
  const entries = new Map<string, Entry>();
  const random = options.random ?? Math.random;
  const keptFor = () => options.ttlMs * (1 - random() / 2);
  const tokenOf = (cookie: string | undefined | null) =>
    cookie ? (TOKEN_COOKIE.exec(cookie)?.[2] ?? null) : null;

  async function lookup(token: string, cookie: string, entry: Entry) {
    try {
      const found = await lookupSession(cookie);
      entry.userId = found?.user.id ?? null;
      return found;
    } catch (error) {
      if (entries.get(token) === entry) entries.delete(token);
      throw error;
    }
  }

  // One pass over the entries however many users: a batch of deleted accounts is one call.
  const forgetUser = (...userIds: string[]) => {
    const users = new Set(userIds);
    for (const [token, entry] of entries) {
      if (entry.userId !== null && users.has(entry.userId)) entries.delete(token);
    }
  };

  // Every entry is looked at: with kept times drawn apart, arrival order is not expiry order.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [token, entry] of entries) {
      if (entry.until <= now) entries.delete(token);
    }
  }, options.ttlMs);
  sweep.unref();

  return {
    async get(cookie) {
      const token = tokenOf(cookie);
      if (!token || !cookie) return null;
      const now = Date.now();
      const cached = entries.get(token);
      if (cached && cached.until > now) {
        const session = await cached.session;
        if (!session || session.session.expiresAt.getTime() > now) return session;
      }
      const entry: Entry = {
        userId: null,
        session: Promise.resolve(null),
        until: now + keptFor(),
      };
      entry.session = lookup(token, cookie, entry);
      entries.delete(token);
      entries.set(token, entry);
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return entry.session;
    },
    forgetCookie(cookie) {
      const token = tokenOf(cookie);
      if (token) entries.delete(token);
    },
    forgetUser,
    close: () => clearInterval(sweep),
    get size() {
      return entries.size;
    },
  };
}
