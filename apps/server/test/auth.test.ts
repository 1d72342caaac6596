import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../src/db/schema";
import {
  BETTER_AUTH_STORAGES,
  ScopedAsyncLocalStorage,
  scopeBetterAuthStorages,
} from "../src/scoped-storage";
import { createTestServer, randomIp, uniqueEmail, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** How many sessions exist (for one user): a refused log-in must not add one. */
async function sessionCount(userId?: string) {
  const db = server.runtime.services.db;
  const where = userId ? eq(session.userId, userId) : undefined;
  const [row] = await db.select({ n: count() }).from(session).where(where);
  return row?.n ?? 0;
}

const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
  server.request(pathname, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": randomIp(), ...headers },
    body: JSON.stringify(body),
  });

describe("better-auth's async storages (decision 0042)", () => {
  it("are scoped ones, and leave no promise hook on once its calls are done", async () => {
    const ann = await server.signUp(uniqueEmail("ann"), "password123");
    await server.request("/api/auth/get-session", { headers: { cookie: ann.cookie } });
    await post("/api/auth/sign-out", {}, { cookie: ann.cookie });
    await server.signIn(ann.email, "password123");
    // Called again, it answers the storages better-auth holds now (it replaces none).
    const storages = scopeBetterAuthStorages();
    for (const name of BETTER_AUTH_STORAGES) {
      expect(storages[name], name).toBeInstanceOf(ScopedAsyncLocalStorage);
    }
    // With any storage left enabled, every new promise would carry async_hooks' ids.
    await new Promise((resolve) => setImmediate(resolve));
    expect(Object.getOwnPropertySymbols(Promise.resolve())).toEqual([]);
  });
});

describe("e-mail accounts", () => {
  it("signs up, reads the session, logs out and logs in again", async () => {
    const ann = await server.signUp(uniqueEmail("ann"), "password123");
    const session = await server.request("/api/auth/get-session", {
      headers: { cookie: ann.cookie },
    });
    const body = (await session.json()) as {
      user: { email: string; role: string; isAnonymous: boolean };
    };
    expect(body.user).toMatchObject({ email: ann.email, role: "user", isAnonymous: false });

    const out = await post("/api/auth/sign-out", {}, { cookie: ann.cookie });
    expect(out.status).toBe(200);
    const after = await server.request("/api/auth/get-session", {
      headers: { cookie: ann.cookie },
    });
    expect(await after.json()).toBeNull();

    const again = await server.signIn(ann.email, "password123");
    expect(again.id).toBe(ann.id);
  });

  it("refuses a wrong password (401, no session made)", async () => {
    const ann = await server.signUp();
    const response = await post("/api/auth/sign-in/email", {
      email: ann.email,
      password: "wrongpass1",
    });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount(ann.id)).toBe(1);
  });

  it("refuses a password shorter than 8 characters at sign-up", async () => {
    const response = await post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "short",
      name: "x",
    });
    expect(response.status).toBe(400);
  });
});

describe("forgot and reset password", () => {
  it("mails a link that resets the password; the old one stops working", async () => {
    const ann = await server.signUp(uniqueEmail("reset"), "oldpassword1");
    const requested = await post("/api/auth/request-password-reset", {
      email: ann.email,
      redirectTo: "http://localhost:3000/reset-password",
    });
    expect(requested.status).toBe(200);

    const mail = server.mails.find((m) => m.to === ann.email);
    expect(mail?.subject).toMatch(/reset/i);
    const link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0];
    expect(link).toBeTruthy();

    // The mailed link redirects to the reset page with the token in its query.
    const landing = await server.request(new URL(link ?? "").pathname + new URL(link ?? "").search);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get("location") ?? "", "http://localhost:3000");
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await post("/api/auth/reset-password", { token, newPassword: "newpassword1" });
    expect(reset.status).toBe(200);
    await expect(server.signIn(ann.email, "newpassword1")).resolves.toMatchObject({ id: ann.id });
    const old = await post("/api/auth/sign-in/email", {
      email: ann.email,
      password: "oldpassword1",
    });
    expect(old.status).toBe(401);

    const reused = await post("/api/auth/reset-password", { token, newPassword: "another123" });
    expect(reused.status).toBe(400);
  });

  it("refuses an invalid token", async () => {
    const response = await post("/api/auth/reset-password", {
      token: "forged",
      newPassword: "newpassword1",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("INVALID_TOKEN");
  });
});

describe("rate limiting", () => {
  it("stops repeated log-in attempts from one address (429)", async () => {
    const ip = "198.51.100.23";
    const sessionsBefore = await sessionCount();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await post(
        "/api/auth/sign-in/email",
        { email: "victim@example.com", password: `guess-${i}-xx` },
        { "x-forwarded-for": ip },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(await sessionCount()).toBe(sessionsBefore);
    // Another address is not affected.
    const other = await post("/api/auth/sign-in/email", {
      email: "victim@example.com",
      password: "x".repeat(9),
    });
    expect(other.status).toBe(401);
  });

  it("limits password-reset mails per address", async () => {
    const ann = await server.signUp();
    const ip = "198.51.100.99";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await post(
        "/api/auth/request-password-reset",
        { email: ann.email, redirectTo: "http://localhost:3000/reset-password" },
        { "x-forwarded-for": ip },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The refused request sent no sixth mail.
    expect(server.mails.filter((m) => m.to === ann.email)).toHaveLength(5);
  });
});
