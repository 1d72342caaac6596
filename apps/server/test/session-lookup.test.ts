import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerSessionOf, type SessionLookup } from "../src/auth/caller-session";
import { cookieValue, createSessionLookup } from "../src/auth/session-lookup";
import { session, user } from "../src/db/schema";
import { createTestServer, type TestServer } from "./harness";

let server: TestServer;
let lookup: SessionLookup;
let secret: string;

const NAME = "better-auth.session_token";
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await createTestServer();
  const { auth, db } = server.runtime.services;
  lookup = await createSessionLookup(auth, db);
  secret = (await auth.$context).secret;
});
afterAll(async () => {
  await server.close();
});

/** better-auth's own answer, in the shape the server keeps. */
async function betterAuthAnswer(cookie: string) {
  const found = await server.runtime.services.auth.api.getSession({
    headers: new Headers({ cookie }),
  });
  return found ? callerSessionOf(found) : null;
}

/** Both answers for a Cookie header; the lookup's first, as better-auth may write. */
async function bothAnswers(cookie: string) {
  const ours = await lookup(cookie);
  return { ours, theirs: await betterAuthAnswer(cookie) };
}

const valueOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);
const tokenOf = (cookie: string) => decodeURIComponent(valueOf(cookie)).split(".")[0] ?? "";
const sign = (token: string) =>
  `${token}.${createHmac("sha256", secret).update(token).digest("base64")}`;

async function expiresAtOf(token: string) {
  const [row] = await server.runtime.services.db
    .select({ expiresAt: session.expiresAt })
    .from(session)
    .where(eq(session.token, token));
  return row?.expiresAt ?? null;
}

async function setExpiry(token: string, expiresAt: Date) {
  await server.runtime.services.db
    .update(session)
    .set({ expiresAt })
    .where(eq(session.token, token));
}

describe("the session lookup answers as better-auth does", () => {
  it("for a guest's and a registered user's cookie, as the browser sends it", async () => {
    for (const person of [await server.signInAsGuest(), await server.signUp()]) {
      const cookie = `theme=dark; ${person.cookie}; other=1`;
      const { ours, theirs } = await bothAnswers(cookie);
      expect(ours).not.toBeNull();
      expect(ours).toEqual(theirs);
      expect(ours?.user.id).toBe(person.id);
    }
  });

  it("for the cookie's value unescaped, quoted, or given twice (the first one counts)", async () => {
    const [ann, bob] = [await server.signUp(), await server.signUp()];
    const raw = decodeURIComponent(valueOf(ann.cookie));
    for (const cookie of [
      `${NAME}=${raw}`,
      `${NAME}="${valueOf(ann.cookie)}"`,
      `${ann.cookie}; ${bob.cookie}`,
      `${bob.cookie}; ${ann.cookie}`,
    ]) {
      const { ours, theirs } = await bothAnswers(cookie);
      expect(ours).toEqual(theirs);
      expect(ours).not.toBeNull();
    }
    expect((await lookup(`${ann.cookie}; ${bob.cookie}`))?.user.id).toBe(ann.id);
  });

  it("refuses a forged, altered or foreign cookie", async () => {
    const ann = await server.signUp();
    const value = decodeURIComponent(valueOf(ann.cookie));
    const [token = "", signature = ""] = value.split(".");
    const flipped = (s: string, i: number) =>
      s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    for (const cookie of [
      "",
      "theme=dark",
      `${NAME}=`,
      `${NAME}=${token}`,
      `${NAME}=${token}.${flipped(signature, 3)}`,
      `${NAME}=${flipped(token, 0)}.${signature}`,
      `${NAME}=${token}.${signature.slice(0, -1)}`,
      `${NAME}=.${signature}`,
      `${NAME}=${sign("no-such-session-token")}`,
      // On an http app better-auth reads the plain name only.
      `__Secure-${NAME}=${encodeURIComponent(value)}`,
      `x${NAME}=${encodeURIComponent(value)}`,
    ]) {
      const { ours, theirs } = await bothAnswers(cookie);
      expect(theirs).toBeNull();
      expect(ours).toBeNull();
    }
  });

  it("ends an expired session the way better-auth does: no caller, and the row is gone", async () => {
    const ann = await server.signUp();
    await setExpiry(tokenOf(ann.cookie), new Date(Date.now() - 1000));
    expect(await lookup(ann.cookie)).toBeNull();
    expect(await expiresAtOf(tokenOf(ann.cookie))).toBeNull();
    expect(await betterAuthAnswer(ann.cookie)).toBeNull();
  });

  it("lets better-auth extend a session that is due for its daily refresh", async () => {
    const ann = await server.signUp();
    const token = tokenOf(ann.cookie);
    const fresh = await expiresAtOf(token);
    // Issued a day and a minute ago: 30 days after that, minus what has passed.
    const due = new Date((fresh?.getTime() ?? 0) - DAY_MS - 60_000);
    await setExpiry(token, due);
    const ours = await lookup(ann.cookie);
    expect(ours?.user.id).toBe(ann.id);
    const extended = await expiresAtOf(token);
    expect(extended?.getTime()).toBeGreaterThan(due.getTime() + DAY_MS - 5000);
    expect(ours?.session.expiresAt.getTime()).toBe(extended?.getTime());
    expect(await betterAuthAnswer(ann.cookie)).toEqual(ours);
  });

  it("sees a name change and a deleted user at once", async () => {
    const ann = await server.signUp();
    const { db } = server.runtime.services;
    await db.update(user).set({ name: "Ann Again" }).where(eq(user.id, ann.id));
    expect((await lookup(ann.cookie))?.user.name).toBe("Ann Again");
    await db.delete(user).where(eq(user.id, ann.id));
    const { ours, theirs } = await bothAnswers(ann.cookie);
    expect(theirs).toBeNull();
    expect(ours).toBeNull();
  });
});

describe("createSessionLookup", () => {
  it("refuses, at boot, an auth whose sessions are also cached outside the database", async () => {
    const { auth, db } = server.runtime.services;
    const ctx = await auth.$context;
    for (const options of [
      { ...ctx.options, session: { ...ctx.options.session, cookieCache: { enabled: true } } },
      { ...ctx.options, secondaryStorage: { get: () => null, set: () => {}, delete: () => {} } },
    ]) {
      const cached = { ...auth, $context: Promise.resolve({ ...ctx, options }) } as typeof auth;
      await expect(createSessionLookup(cached, db)).rejects.toThrow(/database only/);
    }
  });
});

describe("cookieValue", () => {
  it("reads a cookie the way better-call does", () => {
    expect(cookieValue("a=1; b=2", "b")).toBe("2");
    expect(cookieValue("a=1;b=2;a=3", "a")).toBe("1");
    expect(cookieValue(' a = "x%3Dy" ', "a")).toBe("x=y");
    expect(cookieValue("a=%E0%A4%A", "a")).toBe("%E0%A4%A");
    expect(cookieValue("junk; a=1", "a")).toBe("1");
    expect(cookieValue("ab=1", "a")).toBeNull();
    expect(cookieValue("", "a")).toBeNull();
  });
});
