import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthOptions } from "better-auth";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { session, user } from "../db/schema";
import type { Auth } from "./auth";
import { callerSessionOf, type SessionLookup } from "./caller-session";

/** A signature is base64 of an HMAC-SHA256: 43 characters and one "=" (better-call's check). */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The value of cookie `name` in a Cookie header, read as better-auth reads it: the first
 * occurrence wins, surrounding quotes go, and %-escapes are decoded when they decode.
 */
export function cookieValue(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) return null;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      if (!value.includes("%")) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return null;
}

/** The session token a signed cookie value carries, or null when the signature is wrong. */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Who calls, for a Cookie header: the same answer as better-auth's `getSession`, in one
 * indexed query instead of its endpoint pipeline (decision 0012).
 *
 * Every RPC after a cache miss and every WebSocket handshake needs this. better-auth verifies
 * the cookie with an asynchronous WebCrypto HMAC, then reads the session and the user through
 * its adapter; on the embedded default that cost ~2 ms of CPU and a few hundred kilobytes of
 * short-lived objects per call. Here the signature is checked with a synchronous HMAC and one
 * prepared query reads the session with its user.
 *
 * better-auth keeps the last word wherever it would *write*: a session past its expiry (it
 * deletes it) or due for its daily refresh (it extends it) goes through `auth.api.getSession`,
 * so this path only ever answers the pure reads. It relies on this app's auth options: sessions
 * in the database, no secondary storage, no cookie cache (`session-lookup.test.ts` compares
 * both answers and fails if that stops being true).
 */
export async function createSessionLookup(auth: Auth, db: Database): Promise<SessionLookup> {
  // Read once, at boot: a configuration this path cannot serve stops the server there, not at
  // the first handshake.
  const ctx = await auth.$context;
  const options: BetterAuthOptions = ctx.options;
  if (options.secondaryStorage || options.session?.cookieCache?.enabled) {
    throw new Error("session lookup: sessions must live in the database only (decision 0012)");
  }
  const cookieName = ctx.authCookies.sessionToken.name;
  const secret = ctx.secret;
  const expiresInMs = ctx.sessionConfig.expiresIn * 1000;
  const updateAgeMs = ctx.sessionConfig.updateAge * 1000;

  const byToken = db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      userId: user.id,
      name: user.name,
      image: user.image,
      role: user.role,
      isAnonymous: user.isAnonymous,
      banned: user.banned,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_by_token");

  const throughBetterAuth = async (cookieHeader: string) => {
    const found = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader }) });
    return found && !found.user.banned ? callerSessionOf(found) : null;
  };

  return async (cookieHeader) => {
    const value = cookieValue(cookieHeader, cookieName);
    const token = value ? verifiedToken(value, secret) : null;
    if (!token) return null;
    const [row] = await byToken.execute({ token });
    // A banned user has no session (the ban deleted them), unless a sign-in that began before
    // the ban committed wrote one just after: it opens nothing.
    if (!row || row.banned) return null;
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    if (expiresAt < now || expiresAt - expiresInMs + updateAgeMs <= now) {
      return throughBetterAuth(cookieHeader);
    }
    return {
      user: {
        id: row.userId,
        name: row.name,
        image: row.image,
        role: row.role,
        isAnonymous: row.isAnonymous,
      },
      session: { id: row.sessionId, expiresAt: row.expiresAt },
    };
  };
}
