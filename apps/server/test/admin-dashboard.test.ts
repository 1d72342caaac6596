import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DASHBOARD_RANGE_DAYS, type EngagementTrends } from "@chatsphere/contract";
import { dailyActiveUser, dailyActivity } from "../src/db/schema";
import { pruneActiveUsersBefore } from "../src/features/admin-dashboard/queries";
import { addDays, daysEnding, utcDay } from "../src/features/admin-dashboard/utc-day";
import { publish } from "./content-fixtures";
import { useTestServer, type TestUser } from "./harness";
import { file, pngImage } from "./media-fixtures";
import { roomWith } from "./message-fixtures";
import { openSocket } from "./realtime-helpers";

/*
 * The dashboard index (SPEC §2, §7 admin.getDashboardMetrics, getEngagementTrends): exact
 * totals, who is online now, and the daily activity recorded as it happens (flushed here by
 * hand instead of waiting for the recorder's timer).
 */
const t = useTestServer({ withAdmin: true });

const db = () => t.server.runtime.services.db;
const flush = () => t.server.runtime.services.activity.flush();
const connect = (user: TestUser) =>
  openSocket(t.server.wsUrl, user.cookie).then((socket) => t.closeAfter(socket));
const today = () => utcDay(Date.now());
const countOn = (series: EngagementTrends["activeUsersPerDay"], date: string) =>
  series.find((entry) => entry.date === date)?.count;

async function todayCounts() {
  await flush();
  const trends = await t.admin.client.admin.getEngagementTrends();
  const day = today();
  return {
    activeUsers: countOn(trends.activeUsersPerDay, day),
    messages: countOn(trends.messagesPerDay, day),
  };
}

describe("admin.getDashboardMetrics", () => {
  it("counts exactly: blogs, every comment, users split into registered and guests", async () => {
    const admin = t.admin;
    await expect(admin.client.admin.getDashboardMetrics()).resolves.toEqual({
      totalBlogs: 0,
      totalComments: 0,
      totalUsers: 1,
      activeNow: 0,
      totalLoggedInUsers: 1,
      totalGuestUsers: 0,
    });

    const reader = await t.server.signUp();
    await t.server.signUp();
    await t.server.signInAsGuest();
    const post = await publish(admin);
    await publish(admin);
    const pending = await reader.client.blog.createComment({ blogId: post.id, text: "Nice" });
    await reader.client.blog.createComment({ blogId: post.id, text: "Thanks" });
    await admin.client.admin.approveComment({ id: pending.id });

    await expect(admin.client.admin.getDashboardMetrics()).resolves.toEqual({
      totalBlogs: 2,
      // Approved and pending alike: every comment written.
      totalComments: 2,
      totalUsers: 4,
      activeNow: 0,
      totalLoggedInUsers: 3,
      totalGuestUsers: 1,
    });
  });

  it("counts as active now every user with an open socket, once however many tabs", async () => {
    const ann = await t.server.signUp();
    const bob = await t.server.signUp();
    const guest = await t.server.signInAsGuest();
    const sockets = await Promise.all([ann, ann, guest, guest, bob].map(connect));
    const activeNow = async () => (await t.admin.client.admin.getDashboardMetrics()).activeNow;

    expect(await activeNow()).toBe(3);
    await Promise.all(sockets.slice(0, 3).map((socket) => socket.close()));
    // Ann is gone; the guest still has a tab open.
    await expect.poll(activeNow).toBe(2);
    await Promise.all(sockets.slice(3).map((socket) => socket.close()));
    await expect.poll(activeNow).toBe(0);
  });
});

describe("admin.getEngagementTrends", () => {
  it(`covers the last ${DASHBOARD_RANGE_DAYS} days, oldest first, ending today, zeros filled`, async () => {
    const trends = await t.admin.client.admin.getEngagementTrends();
    const days = daysEnding(today(), DASHBOARD_RANGE_DAYS);
    expect(trends.range).toEqual({ days: DASHBOARD_RANGE_DAYS });
    expect(trends.activeUsersPerDay.map((entry) => entry.date)).toEqual(days);
    expect(trends.messagesPerDay.map((entry) => entry.date)).toEqual(days);
    // Nothing happened before today on this fresh instance.
    for (const series of [trends.activeUsersPerDay, trends.messagesPerDay]) {
      expect(series.slice(0, -1).every((entry) => entry.count === 0)).toBe(true);
    }
  });

  it("counts today's new active users (connected or sending) and every stored message", async () => {
    const before = await todayCounts();
    const ann = await t.server.signUp();
    const bob = await t.server.signUp();
    const roomId = await roomWith(db(), ann, bob);
    await connect(ann);
    await connect(ann);
    await bob.client.message.send({ roomId, content: "hello" });
    await bob.client.message.send({ roomId, content: "again", clientId: "c-1" });
    // A retried send stores nothing the second time, and counts nothing.
    await bob.client.message.send({ roomId, content: "again", clientId: "c-1" });
    const photo = await ann.client.message.uploadMedia({
      roomId,
      file: file(await pngImage(4, 4), "photo.png", "image/png"),
    });
    await ann.client.message.send({ roomId, content: photo.url });

    expect(await todayCounts()).toEqual({
      activeUsers: (before.activeUsers ?? 0) + 2,
      messages: (before.messages ?? 0) + 3,
    });
    // Seen again today: nothing more.
    await connect(bob);
    await bob.client.message.send({ roomId, content: "still here" });
    expect(await todayCounts()).toEqual({
      activeUsers: (before.activeUsers ?? 0) + 2,
      messages: (before.messages ?? 0) + 4,
    });
  });

  it("counts a user once a day even when another process recorded them first", async () => {
    const carl = await t.server.signUp();
    const before = await todayCounts();
    // What another process's flush leaves: carl's pair, and the day's counter raised.
    await db().insert(dailyActiveUser).values({ day: today(), userId: carl.id });
    await db()
      .insert(dailyActivity)
      .values({ day: today(), activeUsers: 1 })
      .onConflictDoUpdate({
        target: dailyActivity.day,
        set: { activeUsers: sql`${dailyActivity.activeUsers} + 1` },
      });
    await connect(carl);
    expect((await todayCounts()).activeUsers).toBe((before.activeUsers ?? 0) + 1);
  });

  it("shows past days from their recorded rows; the same users count again on a new day", async () => {
    const ann = await t.server.signUp();
    const bob = await t.server.signUp();
    const yesterday = addDays(today(), -1);
    const longAgo = addDays(today(), -(DASHBOARD_RANGE_DAYS + 5));
    await db()
      .insert(dailyActiveUser)
      .values([ann, bob].map((user) => ({ day: yesterday, userId: user.id })));
    await db()
      .insert(dailyActivity)
      .values([
        { day: yesterday, activeUsers: 2, messages: 9 },
        { day: longAgo, activeUsers: 50, messages: 500 },
      ]);
    const before = await todayCounts();
    await connect(ann);
    await connect(bob);
    const trends = await t.admin.client.admin.getEngagementTrends();
    expect(countOn(trends.activeUsersPerDay, yesterday)).toBe(2);
    expect(countOn(trends.messagesPerDay, yesterday)).toBe(9);
    expect(countOn(trends.activeUsersPerDay, longAgo)).toBeUndefined();
    expect(trends.activeUsersPerDay).toHaveLength(DASHBOARD_RANGE_DAYS);
    expect((await todayCounts()).activeUsers).toBe((before.activeUsers ?? 0) + 2);
  });

  it("forgets who was active before the range; the day counters stay", async () => {
    const ann = await t.server.signUp();
    const old = addDays(today(), -DASHBOARD_RANGE_DAYS);
    await db().insert(dailyActiveUser).values({ day: old, userId: ann.id });
    await db().insert(dailyActivity).values({ day: old, activeUsers: 1, messages: 0 });
    await pruneActiveUsersBefore(db(), daysEnding(today(), DASHBOARD_RANGE_DAYS)[0] ?? "");
    const pairs = await db()
      .select()
      .from(dailyActiveUser)
      .where(eq(dailyActiveUser.userId, ann.id));
    expect(pairs).toEqual([]);
    const [counter] = await db().select().from(dailyActivity).where(eq(dailyActivity.day, old));
    expect(counter?.activeUsers).toBe(1);
  });
});

describe("the dashboard refuses everyone but admins", () => {
  const procedures = ["getDashboardMetrics", "getEngagementTrends"] as const;
  const callers = {
    "a visitor without a session": { status: 401, code: "UNAUTHORIZED", who: async () => "" },
    "a registered user": {
      status: 403,
      code: "FORBIDDEN",
      who: async () => (await t.server.signUp()).cookie,
    },
    "a guest": {
      status: 403,
      code: "FORBIDDEN",
      who: async () => (await t.server.signInAsGuest()).cookie,
    },
  };

  for (const procedure of procedures) {
    for (const [name, refusal] of Object.entries(callers)) {
      it(`${name} cannot read admin.${procedure} (${refusal.status}, no numbers)`, async () => {
        await flush();
        const rowsBefore = await db().select().from(dailyActivity);
        const cookie = await refusal.who();
        const client = t.server.client(cookie || undefined);
        const error: unknown = await client.admin[procedure]().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toMatchObject({ status: refusal.status, code: refusal.code });
        expect(JSON.stringify(error)).not.toMatch(/totalUsers|activeUsersPerDay/);
        // Asking recorded nothing and changed nothing.
        await flush();
        expect(await db().select().from(dailyActivity)).toEqual(rowsBefore);
      });
    }
  }

  it("answers the raw RPC path with 401 too (no procedure-specific leak)", async () => {
    const response = await t.server.request("/rpc/admin/getDashboardMetrics", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: randomUUID() }),
    });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain("totalUsers");
  });
});
