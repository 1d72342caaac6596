import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_ERROR, CLOSE_CODES, DELETED_USER } from "@chatsphere/contract";
import { message, room, user } from "../src/db/schema";
import { deleteAllGuests } from "../src/features/admin-users/guest-purge";
import { insertAccounts, sessionCount, userRow } from "./admin-users-fixtures";
import { useTestServer } from "./harness";
import { roomOfKind, rowsOf } from "./message-fixtures";
import { expectAlive, openSocket } from "./realtime-helpers";

/* admin.deleteAllGuestUsers (issue 13): batches, connected guests kept, the site answering. */

const t = useTestServer({ withAdmin: true });
const db = () => t.server.runtime.services.db;

async function guestCount() {
  const [row] = await db().select({ n: count() }).from(user).where(eq(user.isAnonymous, true));
  return row?.n ?? 0;
}

describe("admin.deleteAllGuestUsers", () => {
  it("deletes 2 500 guests in batches of 1 000, keeps connected guests and registered users", async () => {
    const guests = await insertAccounts(db(), {
      count: 2500,
      prefix: "purge",
      isAnonymous: true,
      withSessions: true,
    });
    const members = await insertAccounts(db(), { count: 30, prefix: "keep", isAnonymous: false });
    const [online, alsoOnline, offline] = [
      await t.server.signInAsGuest(),
      await t.server.signInAsGuest(),
      await t.server.signInAsGuest(),
    ];
    const sockets = [
      t.closeAfter(await openSocket(t.server.wsUrl, online.cookie)),
      t.closeAfter(await openSocket(t.server.wsUrl, alsoOnline.cookie)),
    ];
    // The offline guest's session is remembered by the server: it must be forgotten at once.
    await expect(offline.client.user.getBio()).resolves.toEqual({ bio: "" });

    const batches: number[] = [];
    const result = await deleteAllGuests(t.server.runtime.services, {
      adminId: t.admin.id,
      batchSize: 1000,
      onBatch: (deleted) => void batches.push(deleted),
    });
    expect(result).toEqual({ deletedCount: 2501 });
    // 2 503 guests looked at 1 000 at a time; the two connected ones are skipped.
    expect(batches.reduce((a, b) => a + b, 0)).toBe(2501);
    expect(batches).toHaveLength(3);
    expect(Math.max(...batches)).toBeLessThanOrEqual(1000);

    expect(await guestCount()).toBe(2);
    expect(await userRow(db(), online.id)).not.toBeNull();
    expect(await userRow(db(), alsoOnline.id)).not.toBeNull();
    for (const socket of sockets) await expectAlive(socket);
    await expect(online.client.user.getBio()).resolves.toEqual({ bio: "" });
    expect(await userRow(db(), offline.id)).toBeNull();
    await expect(offline.client.user.getBio()).rejects.toMatchObject({ status: 401 });
    expect(await sessionCount(db(), guests[0] ?? "")).toBe(0);
    for (const id of [...members, t.admin.id]) expect(await userRow(db(), id)).not.toBeNull();

    // Through the procedure: nothing left to delete but the connected guests.
    await expect(t.admin.client.admin.deleteAllGuestUsers()).resolves.toEqual({ deletedCount: 0 });
  });

  it("other requests are answered while it runs, and a second purge meanwhile is refused (409)", async () => {
    const connected = await guestCount();
    await insertAccounts(db(), { count: 2500, prefix: "busy", isAnonymous: true });
    const reader = await t.server.signUp();
    let batches = 0;
    let purgeEnded = 0;
    let answeredAt = Infinity;
    let second: Promise<unknown> = Promise.resolve();
    const result = await deleteAllGuests(t.server.runtime.services, {
      adminId: t.admin.id,
      batchSize: 500,
      onBatch() {
        if (++batches > 1) return;
        // Sent after the first batch: answered before the purge is over.
        void reader.client.user.getBio().then(() => {
          answeredAt = Date.now();
        });
        second = t.admin.client.admin.deleteAllGuestUsers().then(
          () => "accepted",
          (error: unknown) => error,
        );
      },
    });
    purgeEnded = Date.now();
    expect(result.deletedCount).toBe(2500);
    // Five batches of 500, or six when the connected guests fall among them (they are skipped).
    expect(batches).toBeGreaterThanOrEqual(5);
    expect(answeredAt).toBeLessThanOrEqual(purgeEnded);
    expect(await second).toMatchObject({ status: 409, message: ADMIN_ERROR.guestPurgeRunning });
    expect(await guestCount()).toBe(connected);
  });

  it("takes the guests' stranger rooms once nobody is left in them; one with a registered user stays", async () => {
    const { storage } = t.server.runtime.services;
    const [ann, bob, cat] = [
      await t.server.signInAsGuest(),
      await t.server.signInAsGuest(),
      await t.server.signInAsGuest(),
    ];
    const member = await t.server.signUp();
    const guestsOnly = await roomOfKind(db(), "stranger", ann, bob);
    const withMember = await roomOfKind(db(), "stranger", cat, member);
    await db()
      .insert(message)
      .values([
        { id: `${guestsOnly}-1`, roomId: guestsOnly, senderId: ann.id, content: "a" },
        {
          id: `${guestsOnly}-2`,
          roomId: guestsOnly,
          senderId: bob.id,
          content: "/files/x",
          mediaType: "image/png",
        },
        { id: `${withMember}-1`, roomId: withMember, senderId: cat.id, content: "hello" },
        { id: `${withMember}-2`, roomId: withMember, senderId: member.id, content: "hi" },
      ]);
    const fileKey = `chat/${guestsOnly}/${bob.id}-1-photo.png`;
    await storage.create(fileKey, new Uint8Array([1]), {
      contentType: "image/png",
      cacheControl: "private",
    });

    await expect(t.admin.client.admin.deleteAllGuestUsers()).resolves.toEqual({ deletedCount: 3 });

    expect(await db().select().from(room).where(eq(room.id, guestsOnly))).toEqual([]);
    expect(await rowsOf(db(), guestsOnly)).toEqual([]);
    expect(await storage.stat(fileKey)).toBeNull();
    expect(await rowsOf(db(), withMember)).toEqual([
      { id: `${withMember}-1`, senderId: null, content: "hello" },
      { id: `${withMember}-2`, senderId: member.id, content: "hi" },
    ]);
    const history = await member.client.message.list({ roomId: withMember });
    expect(history.messages[0]).toMatchObject({ senderId: DELETED_USER.id, sender: DELETED_USER });
  });

  it("never deletes an admin or a registered user, even one whose row says anonymous", async () => {
    const [odd] = await insertAccounts(db(), { count: 1, prefix: "odd", isAnonymous: true });
    await db()
      .update(user)
      .set({ role: "admin" })
      .where(sql`${user.id} = ${odd ?? ""}`);
    const member = await t.server.signUp();
    const socket = t.closeAfter(await openSocket(t.server.wsUrl, member.cookie));
    await t.admin.client.admin.deleteAllGuestUsers();
    expect(await userRow(db(), odd ?? "")).not.toBeNull();
    expect(await userRow(db(), member.id)).not.toBeNull();
    expect(socket.closeCode).not.toBe(CLOSE_CODES.unauthorized);
    await expectAlive(socket);
  });
});
