import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { VALIDATION } from "@chatsphere/contract";
import { user, verification } from "../../src/db/schema";
import { uniqueEmail } from "../harness";
import { expectAlive } from "../realtime-helpers";
import {
  ageSessions,
  call,
  db,
  expectRefused,
  expectSessionWorks,
  globalState,
  signedInCallers,
  stateOf,
  testServer,
  useAuthEndpointServer,
  withSocket,
} from "./auth-endpoint-kit";

/*
 * better-auth's account endpoints (update-user, sign-up, delete-user, change-password,
 * reset-password), asked for what the caller may not do. Each test re-reads the user row,
 * sessions, password hash and verification rows, and shows the sessions and sockets survive.
 */

useAuthEndpointServer();

describe("better-auth account endpoints refuse what the caller may not do", () => {
  for (const { who, signIn } of signedInCallers) {
    it(`${who} cannot make themselves an admin through update-user (400, role unchanged)`, async () => {
      const self = await signIn();
      const before = await stateOf(self.id);
      const response = await call("/update-user", {
        cookie: self.cookie,
        body: { name: "Root", role: "admin" },
      });
      await expectRefused(response, 400, "FIELD_NOT_ALLOWED");
      expect(await stateOf(self.id)).toEqual(before);
    });
  }

  it("a new account cannot be signed up as an admin (400, no user row)", async () => {
    const email = uniqueEmail("root");
    const before = await globalState();
    const response = await call("/sign-up/email", {
      body: { email, password: "password123", name: "Root", role: "admin" },
    });
    await expectRefused(response, 400, "FIELD_NOT_ALLOWED");
    expect(await db().select().from(user).where(eq(user.email, email))).toEqual([]);
    expect(await globalState()).toEqual(before);
  });
});

describe("delete-user deletes only the caller, and only when they prove it is them", () => {
  it("a visitor without a session cannot delete an account (401, no user deleted)", async () => {
    const victim = await testServer().signUp();
    const before = await globalState();
    const response = await call("/delete-user", { body: { userId: victim.id } });
    await expectRefused(response, 401, "UNAUTHORIZED");
    expect(await globalState()).toEqual(before);
    await expectSessionWorks(victim);
  });

  it("a user cannot delete their account with a wrong password (400, account and socket kept)", async () => {
    const self = await testServer().signUp();
    const socket = await withSocket(self);
    const before = await stateOf(self.id);
    const response = await call("/delete-user", {
      cookie: self.cookie,
      body: { password: "not-my-password" },
    });
    await expectRefused(response, 400, "INVALID_PASSWORD");
    expect(await stateOf(self.id)).toEqual(before);
    await expectSessionWorks(self);
    await expectAlive(socket);
  });

  // Without a password better-auth would delete on a "fresh" session (under a day old); we ask
  // registered users for it always, and an older guest session, such as a cookie left on a
  // shared computer, is refused too. The body has no target: naming another user changes nothing.
  for (const { who, signIn } of signedInCallers) {
    it(`${who} with a session over a day old cannot delete an account without the password (400, both accounts kept)`, async () => {
      const self = await signIn();
      const victim = await testServer().signUp();
      const socket = await withSocket(self);
      await ageSessions(self.id);
      const before = { self: await stateOf(self.id), victim: await stateOf(victim.id) };
      const response = await call("/delete-user", {
        cookie: self.cookie,
        body: { userId: victim.id },
      });
      expect(response.status).toBe(400);
      // A registered account always takes its password (auth/account-rules.ts); a guest's old
      // session is refused by better-auth's freshness rule.
      const body = (await response.json()) as { code?: string; message?: string };
      if (who === "a guest") expect(body.code).toBe("SESSION_EXPIRED");
      else expect(body.message).toBe(VALIDATION.passwordToDelete);
      expect({ self: await stateOf(self.id), victim: await stateOf(victim.id) }).toEqual(before);
      await expectSessionWorks(self);
      await expectSessionWorks(victim);
      await expectAlive(socket);
    });
  }

  it("a guest cannot delete their account with a password they never had (400, account kept)", async () => {
    const guest = await testServer().signInAsGuest();
    const before = await stateOf(guest.id);
    const response = await call("/delete-user", {
      cookie: guest.cookie,
      body: { password: "password123" },
    });
    await expectRefused(response, 400, "CREDENTIAL_ACCOUNT_NOT_FOUND");
    expect(await stateOf(guest.id)).toEqual(before);
  });
});

describe("change-password", () => {
  it("a user cannot change their password with a wrong current one (400, hash and other sessions kept)", async () => {
    const self = await testServer().signUp();
    const phone = await testServer().signIn(self.email, "password123");
    const phoneSocket = await withSocket(phone);
    const before = await stateOf(self.id);
    const response = await call("/change-password", {
      cookie: self.cookie,
      body: {
        currentPassword: "wrongpass1",
        newPassword: "takeover123",
        revokeOtherSessions: true,
      },
    });
    await expectRefused(response, 400, "INVALID_PASSWORD");
    expect(await stateOf(self.id)).toEqual(before);
    await expectSessionWorks(phone);
    await expectAlive(phoneSocket);
  });

  it("a guest cannot give their account a password through change-password (400, no password stored)", async () => {
    const guest = await testServer().signInAsGuest();
    const before = await stateOf(guest.id);
    const response = await call("/change-password", {
      cookie: guest.cookie,
      body: { currentPassword: "anything12", newPassword: "password123" },
    });
    await expectRefused(response, 400, "CREDENTIAL_ACCOUNT_NOT_FOUND");
    expect(await stateOf(guest.id)).toEqual(before);
    expect(before.accounts).toEqual([]);
  });

  it("a visitor without a session cannot change any password (401, no hash changed)", async () => {
    const before = await globalState();
    const response = await call("/change-password", {
      body: { currentPassword: "password123", newPassword: "takeover123" },
    });
    await expectRefused(response, 401, "UNAUTHORIZED");
    expect(await globalState()).toEqual(before);
  });
});

describe("reset-password", () => {
  /** Requests a reset for the user and returns the token from the mailed link. */
  async function mailedToken(email: string) {
    const requested = await call("/request-password-reset", {
      body: { email, redirectTo: "http://localhost:3000/reset-password" },
    });
    expect(requested.status).toBe(200);
    const link = /https?:\/\/\S+/.exec(
      testServer().mails.find((m) => m.to === email)?.text ?? "",
    )?.[0];
    const token = new URL(link ?? "http://invalid").pathname.split("/").at(-1) ?? "";
    expect(token).not.toBe("");
    return { link: new URL(link ?? ""), token };
  }

  const rowsOf = (token: string) =>
    db()
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));

  it("an expired reset token changes no password (400 INVALID_TOKEN, sessions kept)", async () => {
    const self = await testServer().signUp(uniqueEmail("expired"), "oldpassword1");
    const socket = await withSocket(self);
    const { link, token } = await mailedToken(self.email);
    expect(await rowsOf(token)).toHaveLength(1);
    const past = new Date(Date.now() - 60_000);
    await db()
      .update(verification)
      .set({ expiresAt: past })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const before = await stateOf(self.id);

    // The mailed link no longer leads to the form with the token...
    const landing = await testServer().request(link.pathname + link.search);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get("location") ?? "", "http://localhost:3000");
    expect(target.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(target.searchParams.get("token")).toBeNull();
    // ...and the token itself is refused.
    const response = await call("/reset-password", {
      body: { token, newPassword: "takeover123" },
    });
    await expectRefused(response, 400, "INVALID_TOKEN");

    expect(await stateOf(self.id)).toEqual(before);
    // The row may be swept as expired, but it is never made valid again.
    const rows = await rowsOf(token);
    expect(rows.every((row) => row.expiresAt.getTime() <= past.getTime())).toBe(true);
    await expectSessionWorks(self);
    await expectAlive(socket);
  });

  it("a made-up reset token changes no password (400 INVALID_TOKEN)", async () => {
    const self = await testServer().signUp();
    const before = { all: await globalState(), self: await stateOf(self.id) };
    for (const token of ["forged", self.id, "reset-password"]) {
      const response = await call("/reset-password", {
        body: { token, newPassword: "takeover123" },
      });
      await expectRefused(response, 400, "INVALID_TOKEN");
    }
    expect({ all: await globalState(), self: await stateOf(self.id) }).toEqual(before);
    await expectSessionWorks(self);
  });
});
