import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CLOSE_CODES, userChannel, VALIDATION } from "@chatsphere/contract";
import { session, user } from "../../src/db/schema";
import { ORIGIN, useTestServer, type TestUser } from "../harness";
import { openSocket, tryOpen } from "../realtime-helpers";

/*
 * A session that ends, ends everywhere, whoever ended it (issue 10, item 2): the id that
 * reaches the other processes is the AFFECTED user's, not the caller's. Each test keeps a
 * socket of the affected user open and shows the server closes it at once, and that the
 * caller's own socket stays open.
 */

const t = useTestServer({ withAdmin: true });

const post = (pathname: string, cookie: string | null, body: unknown) =>
  t.server.postAuth(pathname, body, cookie);

const sessionsOf = (userId: string) =>
  t.server.runtime.services.db.select().from(session).where(eq(session.userId, userId));

async function watched(victim: TestUser) {
  const victimSocket = await openSocket(t.server.wsUrl, victim.cookie);
  expect(await victimSocket.sub(userChannel(victim.id))).toBe("subscribed");
  const adminSocket = await openSocket(t.server.wsUrl, t.admin.cookie);
  // Warm the session cache: without the notice the victim would be trusted for 30 s more.
  await victim.client.user.getBio();
  return { victimSocket, adminSocket };
}

describe("a session ended by someone else ends at once", () => {
  it("an admin's ban closes the banned user's sockets (4001), refuses their calls (401)", async () => {
    const victim = await t.server.signUp();
    const { victimSocket, adminSocket } = await watched(victim);
    await t.admin.client.admin.banUser({ userId: victim.id });
    expect(await victimSocket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(victim.client.user.getBio()).rejects.toMatchObject({ status: 401 });
    expect(await tryOpen(t.server.wsUrl, { cookie: victim.cookie, origin: ORIGIN })).toEqual({
      status: 401,
    });
    expect(await sessionsOf(victim.id)).toEqual([]);
    expect(await adminSocket.sub(userChannel(t.admin.id))).toBe("subscribed");
    await adminSocket.close();
  });

  it("a password reset by e-mailed token ends an attacker's session and socket at once", async () => {
    const owner = await t.server.signUp();
    const attacker = await t.server.signIn(owner.email, "password123");
    const attackerSocket = await openSocket(t.server.wsUrl, attacker.cookie);
    await attacker.client.user.getBio();
    const asked = await post("/request-password-reset", null, {
      email: owner.email,
      redirectTo: `${ORIGIN}/reset-password`,
    });
    expect(asked.status).toBe(200);
    const mail = t.server.mails.findLast((m) => m.to === owner.email);
    const token = /reset-password\/([^?\s]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    const reset = await post("/reset-password", null, { token, newPassword: "a-new-password" });
    expect(reset.status).toBe(200);
    expect(await attackerSocket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(attacker.client.user.getBio()).rejects.toMatchObject({ status: 401 });
  });

  it("deleting one's own account takes the password (400 without it, account kept)", async () => {
    const ann = await t.server.signUp();
    const refused = await post("/delete-user", ann.cookie, {});
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: VALIDATION.passwordToDelete });
    expect(
      await t.server.runtime.services.db.select().from(user).where(eq(user.id, ann.id)),
    ).toHaveLength(1);
    await expect(ann.client.user.getBio()).resolves.toBeDefined();
  });

  it("deleting one's own account with the password closes its sockets at once", async () => {
    const ann = await t.server.signUp();
    const socket = await openSocket(t.server.wsUrl, ann.cookie);
    expect((await post("/delete-user", ann.cookie, { password: "password123" })).status).toBe(200);
    expect(await socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    expect(
      await t.server.runtime.services.db.select().from(user).where(eq(user.id, ann.id)),
    ).toEqual([]);
  });

  it("an admin removing a user closes their sockets and leaves nothing of them", async () => {
    const victim = await t.server.signUp();
    const { victimSocket, adminSocket } = await watched(victim);
    await t.admin.client.admin.removeUser({ userId: victim.id });
    expect(await victimSocket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(victim.client.user.getBio()).rejects.toMatchObject({ status: 401 });
    const rows = await t.server.runtime.services.db
      .select()
      .from(user)
      .where(eq(user.id, victim.id));
    expect(rows).toEqual([]);
    expect(adminSocket.closeCode).toBeNull();
    await adminSocket.close();
  });
});
