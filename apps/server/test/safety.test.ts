import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  CLOSE_CODES,
  PERMISSION,
  REPORT_REASON_LABEL,
  roomChannel,
  SAFETY_ERROR,
  SAFETY_LIMITS,
  SAFETY_TOAST,
  userChannel,
  type ServerFrame,
} from "@chatsphere/contract";
import { follow, message, report, strangerPause, user, userBlock } from "../src/db/schema";
import { uniqueEmail, useTestServer, type TestUser } from "./harness";
import { publish } from "./content-fixtures";
import { directChat, followRowsOf } from "./follow-fixtures";
import { roomOfKind, rowsOf } from "./message-fixtures";
import { openSocket } from "./realtime-helpers";

/* Trust and safety on the server (issue 14): reports, blocks, pauses, the moderation queue. */

const t = useTestServer({ withAdmin: true });
const db = () => t.server.runtime.services.db;

/** Two people in a stranger chat that is going on, with what each said. */
async function strangerChat(lines: [TestUser, string][], ...people: TestUser[]) {
  const roomId = await roomOfKind(db(), "stranger", ...people);
  for (const [who, content] of lines) await who.client.message.send({ roomId, content });
  return roomId;
}

const openReports = async () => (await t.admin.client.admin.listReports()).reports;

/** The name the server gave (guests get "Guest 1234"). */
async function named<T extends TestUser>(person: Promise<T>) {
  const user_ = await person;
  const [row] = await db().select({ name: user.name }).from(user).where(eq(user.id, user_.id));
  return { ...user_, name: row?.name ?? "" };
}
const guest = () => named(t.server.signInAsGuest());
const member = () => named(t.server.signUp());
const socketOf = async (person: TestUser) =>
  t.closeAfter(await openSocket(t.server.wsUrl, person.cookie));

const pauseOf = async (userId: string) =>
  (await db().select().from(strangerPause).where(eq(strangerPause.userId, userId)))[0] ?? null;

describe("safety.report", () => {
  it("keeps the conversation as it was when reported, whatever happens to it after", async () => {
    const [ann, bob] = [await guest(), await guest()];
    const roomId = await strangerChat(
      [
        [ann, "hi"],
        [bob, "send me a picture"],
        [bob, "now, or else"],
      ],
      ann,
      bob,
    );
    const answer = await ann.client.safety.report({
      userId: bob.id,
      roomId,
      reason: "harassment",
      note: "  threatening me  ",
    });
    expect(answer).toEqual({ message: SAFETY_TOAST.reported, blocked: false });

    // Bob's words change or go after the report: the report does not.
    await db().update(message).set({ content: "sorry" }).where(eq(message.content, "now, or else"));
    await db().delete(message).where(eq(message.content, "send me a picture"));

    const [mine] = (await openReports()).filter((r) => r.roomId === roomId);
    expect(mine).toMatchObject({
      reason: "harassment",
      note: "threatening me",
      status: "open",
      roomKind: "stranger",
      reporter: { id: ann.id, name: ann.name },
      reported: { id: bob.id, name: bob.name, banned: false, pausedFromStrangers: false },
      distinctReporters: 1,
    });
    expect(mine?.snapshot.map((m) => [m.senderName, m.content, m.exists])).toEqual([
      [ann.name, "hi", true],
      [bob.name, "send me a picture", false],
      [bob.name, "now, or else", true],
    ]);
    // No e-mail address of anyone leaves in the queue.
    const text = JSON.stringify(await openReports());
    for (const person of [ann, bob]) {
      const [row] = await db()
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, person.id));
      expect(text).not.toContain(row?.email);
    }
    expect(REPORT_REASON_LABEL.harassment).toBe("Harassment");
  });

  it("keeps only the last messages of a long conversation", async () => {
    const [ann, bob] = [await member(), await member()];
    const roomId = await roomOfKind(db(), "user", ann, bob);
    await db()
      .insert(message)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: `${roomId}-${String(i).padStart(2, "0")}`,
          roomId,
          senderId: i % 2 ? bob.id : ann.id,
          content: `line ${i}`,
        })),
      );
    await ann.client.safety.report({ userId: bob.id, roomId, reason: "spam" });
    const [row] = await db().select().from(report).where(eq(report.roomId, roomId));
    expect(row?.snapshot).toHaveLength(SAFETY_LIMITS.snapshotMessages);
    expect(row?.snapshot.at(0)?.content).toBe("line 10");
    expect(row?.snapshot.at(-1)?.content).toBe("line 59");
  });

  it("is refused about oneself, outside the conversation, twice in one, or with another's message; nothing stored", async () => {
    const [ann, bob, eve] = [await guest(), await guest(), await guest()];
    const roomId = await strangerChat([[ann, "hello"]], ann, bob);
    const [annMessage] = await db().select().from(message).where(eq(message.roomId, roomId));
    const refusals: [Promise<unknown>, number, string][] = [
      [
        ann.client.safety.report({ userId: ann.id, roomId, reason: "spam" }),
        400,
        SAFETY_ERROR.cannotReportSelf,
      ],
      [
        eve.client.safety.report({ userId: bob.id, roomId, reason: "spam" }),
        403,
        SAFETY_ERROR.notInConversation,
      ],
      [
        ann.client.safety.report({ userId: eve.id, roomId, reason: "spam" }),
        403,
        SAFETY_ERROR.notInConversation,
      ],
      [
        bob.client.safety.report({
          userId: ann.id,
          roomId,
          reason: "spam",
          messageId: "not-a-message",
        }),
        400,
        SAFETY_ERROR.messageNotInConversation,
      ],
      [
        ann.client.safety.report({
          userId: bob.id,
          roomId,
          reason: "spam",
          messageId: annMessage?.id ?? "",
        }),
        400,
        SAFETY_ERROR.messageNotInConversation,
      ],
    ];
    for (const [call, status, text] of refusals) {
      await expect(call).rejects.toMatchObject({ status, message: text });
    }
    expect(await db().select().from(report).where(eq(report.roomId, roomId))).toEqual([]);

    await bob.client.safety.report({
      userId: ann.id,
      roomId,
      reason: "other",
      messageId: annMessage?.id ?? "",
    });
    await expect(
      bob.client.safety.report({ userId: ann.id, roomId, reason: "spam" }),
    ).rejects.toMatchObject({ status: 409, message: SAFETY_ERROR.alreadyReported });
    expect(await db().select().from(report).where(eq(report.roomId, roomId))).toHaveLength(1);
  });

  it("three people reporting someone within a day keep them out of stranger chat until an admin decides", async () => {
    const villain = await guest();
    const reporters = [await guest(), await guest(), await guest()];
    for (const [i, reporter] of reporters.entries()) {
      const roomId = await strangerChat([[villain, `hey ${i}`]], reporter, villain);
      await reporter.client.safety.report({ userId: villain.id, roomId, reason: "nudity" });
      const paused = i + 1 >= SAFETY_LIMITS.reportsToPause;
      expect(Boolean(await pauseOf(villain.id)), `after ${i + 1} reports`).toBe(paused);
    }
    await expect(villain.client.room.findStranger({ continent: "World" })).rejects.toMatchObject({
      status: 403,
      message: SAFETY_ERROR.pausedForReview,
    });
    const theirs = (await openReports()).filter((r) => r.reported.id === villain.id);
    expect(theirs.map((r) => r.distinctReporters)).toEqual([3, 3, 3]);
    expect(theirs.every((r) => r.reported.pausedFromStrangers)).toBe(true);

    // Dismissing one leaves the pause while others are open; dismissing all lifts it.
    for (const [i, r] of theirs.entries()) {
      await expect(
        t.admin.client.admin.decideReport({ reportId: r.id, decision: "dismiss" }),
      ).resolves.toEqual({ message: SAFETY_TOAST.dismissed });
      expect(Boolean(await pauseOf(villain.id))).toBe(i < theirs.length - 1);
    }
    await expect(
      t.admin.client.admin.decideReport({ reportId: theirs[0]?.id ?? "", decision: "dismiss" }),
    ).rejects.toMatchObject({ status: 409, message: SAFETY_ERROR.reportDecided });
    // Back to looking for strangers (refused only for having no connection open here).
    await expect(villain.client.room.findStranger({ continent: "World" })).rejects.toMatchObject({
      status: 409,
      message: PERMISSION.connectFirst,
    });
  });

  it("Ban user from a report bans at once, closes every open report about them, and is logged", async () => {
    const [ann, bob, cid] = [await member(), await member(), await member()];
    const bobSocket = await socketOf(bob);
    expect(await bobSocket.sub(userChannel(bob.id))).toBe("subscribed");
    const first = await strangerChat([[bob, "spam spam"]], ann, bob);
    const second = await strangerChat([[bob, "spam spam"]], cid, bob);
    await ann.client.safety.report({ userId: bob.id, roomId: first, reason: "spam" });
    await cid.client.safety.report({ userId: bob.id, roomId: second, reason: "spam" });
    const [one] = (await openReports()).filter((r) => r.reported.id === bob.id);

    await expect(
      t.admin.client.admin.decideReport({ reportId: one?.id ?? "", decision: "ban" }),
    ).resolves.toEqual({ message: SAFETY_TOAST.bannedFromReport });
    expect(await bobSocket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(bob.client.user.getBio()).rejects.toMatchObject({ status: 401 });
    expect((await openReports()).filter((r) => r.reported.id === bob.id)).toEqual([]);
    const rows = await db().select().from(report).where(eq(report.reportedUserId, bob.id));
    expect(rows.map((r) => [r.status, r.decidedBy])).toEqual([
      ["actioned", t.admin.id],
      ["actioned", t.admin.id],
    ]);
    const { entries } = await t.admin.client.admin.listAuditLog();
    const admin = await named(Promise.resolve(t.admin));
    expect(entries[0]).toMatchObject({
      adminId: t.admin.id,
      adminName: admin.name,
      action: "Banned user from a report",
      target: bob.name,
      targetId: bob.id,
    });
  });

  it("Delete message removes a reported message for everyone in the room; the report stays open", async () => {
    const [ann, bob] = [await member(), await member()];
    const roomId = await strangerChat(
      [
        [bob, "fine words"],
        [bob, "awful words"],
      ],
      ann,
      bob,
    );
    const annSocket = await socketOf(ann);
    expect(await annSocket.sub(roomChannel(roomId))).toBe("subscribed");
    await ann.client.safety.report({ userId: bob.id, roomId, reason: "harassment" });
    const [mine] = (await openReports()).filter((r) => r.roomId === roomId);
    const awful = mine?.snapshot.find((m) => m.content === "awful words");

    await expect(
      t.admin.client.admin.deleteReportedMessage({
        reportId: mine?.id ?? "",
        messageId: "someone-elses",
      }),
    ).rejects.toMatchObject({ status: 400, message: SAFETY_ERROR.messageNotInReport });
    await expect(
      t.admin.client.admin.deleteReportedMessage({
        reportId: mine?.id ?? "",
        messageId: awful?.id ?? "",
      }),
    ).resolves.toEqual({ message: SAFETY_TOAST.messageDeleted });
    const deleted = await annSocket.next(
      (f: ServerFrame) => f.type === "event" && f.event === "message_deleted",
    );
    expect(deleted).toMatchObject({ payload: { roomId, messageId: awful?.id } });
    const history = await ann.client.message.list({ roomId });
    expect(history.messages.map((m) => m.content)).toEqual(["fine words"]);
    const [after] = (await openReports()).filter((r) => r.roomId === roomId);
    expect(after?.snapshot.map((m) => [m.content, m.exists])).toEqual([
      ["fine words", true],
      ["awful words", false],
    ]);
  });
});

describe("safety.block", () => {
  it("ends the follows between the two and refuses a follow either way; unblock allows it again", async () => {
    const [ann, bob] = [await member(), await member()];
    await ann.client.user.follow({ userId: bob.id });
    await bob.client.user.follow({ userId: ann.id });
    const bobSocket = await socketOf(bob);
    expect(await bobSocket.sub(userChannel(bob.id))).toBe("subscribed");

    await expect(ann.client.safety.block({ userId: bob.id })).resolves.toEqual({
      message: SAFETY_TOAST.blocked(bob.name),
    });
    const between = await db().select().from(follow).where(eq(follow.followerId, bob.id));
    expect(between.filter((f) => f.followingId === ann.id)).toEqual([]);
    // Bob's lists and an open direct chat hear that the follows ended.
    const heard = await bobSocket.next(
      (f: ServerFrame) => f.type === "event" && f.event === "unfollow_notification",
    );
    expect(heard).toBeDefined();
    for (const [from, to] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      await expect(from.client.user.follow({ userId: to.id })).rejects.toMatchObject({
        status: 403,
        message: SAFETY_ERROR.blocked,
      });
    }
    expect(
      (await db().select().from(follow).where(eq(follow.followerId, ann.id))).filter(
        (f) => f.followingId === bob.id,
      ),
    ).toEqual([]);
    expect(await ann.client.safety.blockedIds()).toEqual({ userIds: [bob.id] });
    expect(await bob.client.safety.blockedIds()).toEqual({ userIds: [] });
    const listed = await ann.client.safety.listBlocked();
    expect(listed.users).toMatchObject([{ id: bob.id, name: bob.name }]);
    expect(JSON.stringify(listed)).not.toContain(bob.email);

    await expect(ann.client.safety.unblock({ userId: bob.id })).resolves.toEqual({
      message: SAFETY_TOAST.unblocked(bob.name),
    });
    await expect(bob.client.user.follow({ userId: ann.id })).resolves.toMatchObject({
      isMutual: false,
    });
  });

  it("ends a direct chat both ways: neither can send, nothing is stored, the history stays", async () => {
    const [ann, bob] = [await member(), await member()];
    const roomId = await directChat(t, ann, bob);
    await bob.client.message.send({ roomId, content: "before the block" });
    await ann.client.safety.block({ userId: bob.id });
    for (const sender of [ann, bob]) {
      await expect(
        sender.client.message.send({ roomId, content: "after the block" }),
      ).rejects.toMatchObject({ status: 403 });
    }
    expect((await rowsOf(db(), roomId)).map((r) => r.content)).toEqual(["before the block"]);
    // Following again to reopen it is refused while the block stands.
    await expect(bob.client.user.follow({ userId: ann.id })).rejects.toMatchObject({
      status: 403,
      message: SAFETY_ERROR.blocked,
    });
    expect(await followRowsOf(db(), ann.id, bob.id)).toEqual([]);
  });

  it("refuses oneself and unknown users; blocking twice stores one block", async () => {
    const [ann, bob] = [await guest(), await guest()];
    await expect(ann.client.safety.block({ userId: ann.id })).rejects.toMatchObject({
      status: 400,
      message: SAFETY_ERROR.cannotBlockSelf,
    });
    await expect(ann.client.safety.block({ userId: "nobody-here" })).rejects.toMatchObject({
      status: 400,
    });
    await ann.client.safety.block({ userId: bob.id });
    await ann.client.safety.block({ userId: bob.id });
    expect(await db().select().from(userBlock).where(eq(userBlock.blockerId, ann.id))).toHaveLength(
      1,
    );
  });

  it("a report can block in the same step", async () => {
    const [ann, bob] = [await guest(), await guest()];
    const roomId = await strangerChat([[bob, "hi"]], ann, bob);
    await expect(
      ann.client.safety.report({ userId: bob.id, roomId, reason: "spam", block: true }),
    ).resolves.toEqual({ message: SAFETY_TOAST.reported, blocked: true });
    expect(await ann.client.safety.blockedIds()).toEqual({ userIds: [bob.id] });
  });

  it("a blocked pair is never matched in stranger chat, while each still meets others", async () => {
    const connected = async () => {
      const person = await guest();
      const socket = await socketOf(person);
      expect(await socket.sub(userChannel(person.id))).toBe("subscribed");
      return { user: person, socket };
    };
    const [ann, bob, cid] = [await connected(), await connected(), await connected()];
    await bob.user.client.safety.block({ userId: ann.user.id });
    const continent = "Oceania" as const;
    await expect(ann.user.client.room.findStranger({ continent })).resolves.toEqual({
      status: "waiting",
    });
    await expect(bob.user.client.room.findStranger({ continent })).resolves.toEqual({
      status: "waiting",
    });
    await expect(cid.user.client.room.findStranger({ continent })).resolves.toEqual({
      status: "matched",
    });
  });
});

describe("a guest who makes an account", () => {
  it("keeps their blocks, their reports, the reports about them and a pause from stranger chat", async () => {
    const [guestUser, pest, witness] = [await guest(), await guest(), await guest()];
    await guestUser.client.safety.block({ userId: pest.id });
    const roomId = await strangerChat([[pest, "hey"]], guestUser, pest);
    await guestUser.client.safety.report({ userId: pest.id, roomId, reason: "spam" });
    const other = await strangerChat([[guestUser, "buy now"]], witness, guestUser);
    await witness.client.safety.report({ userId: guestUser.id, roomId: other, reason: "spam" });
    await db()
      .insert(strangerPause)
      .values({ userId: guestUser.id, until: null, reason: "reports" });

    const signUp = await t.server.postAuth(
      "/sign-up/email",
      { email: uniqueEmail("safe"), password: "password123", name: "Linked" },
      guestUser.cookie,
    );
    expect(signUp.status).toBe(200);
    const { user: account } = (await signUp.json()) as { user: { id: string } };
    expect(
      await db().select().from(userBlock).where(eq(userBlock.blockerId, account.id)),
    ).toMatchObject([{ blockedId: pest.id }]);
    const reports = await db().select().from(report);
    expect(reports.filter((r) => r.reporterId === account.id).map((r) => r.roomId)).toEqual([
      roomId,
    ]);
    expect(reports.filter((r) => r.reportedUserId === account.id).map((r) => r.roomId)).toEqual([
      other,
    ]);
    expect(await pauseOf(account.id)).toMatchObject({ until: null, reason: "reports" });
  });
});

describe("safety settings", () => {
  it("links from strangers load at once unless the user chose to tap first", async () => {
    const ann = await guest();
    await expect(ann.client.safety.getSettings()).resolves.toEqual({ strangerLinksOnTap: false });
    await expect(ann.client.safety.updateSettings({ strangerLinksOnTap: true })).resolves.toEqual({
      strangerLinksOnTap: true,
    });
    await expect(ann.client.safety.getSettings()).resolves.toEqual({ strangerLinksOnTap: true });
  });
});

describe("the audit log", () => {
  it("records every admin action with who, what and when, newest first", async () => {
    const admin = await named(Promise.resolve(t.admin));
    const [ann, reader, gone] = [await member(), await member(), await member()];
    await t.admin.client.admin.banUser({ userId: ann.id });
    await t.admin.client.admin.unbanUser({ userId: ann.id });
    await t.admin.client.admin.removeUser({ userId: gone.id });
    const post = await publish(t.admin, { title: "Audit post", slug: `audit-post-${Date.now()}` });
    const comment = await reader.client.blog.createComment({ blogId: post.id, text: "Nice read" });
    await t.admin.client.admin.approveComment({ id: comment.id });
    // Approving again changes nothing and logs nothing.
    await t.admin.client.admin.approveComment({ id: comment.id });
    await t.admin.client.admin.deleteBlog({ id: post.id });
    const { deletedCount } = await t.admin.client.admin.deleteAllGuestUsers();

    const { entries } = await t.admin.client.admin.listAuditLog({ limit: 6 });
    expect(entries.map((e) => [e.action, e.target, e.adminName])).toEqual([
      ["Deleted guests", `${deletedCount} guests`, admin.name],
      ["Deleted blog post", "Audit post", admin.name],
      ["Approved comment", "Nice read", admin.name],
      ["Deleted user", gone.name, admin.name],
      ["Unbanned user", ann.name, admin.name],
      ["Banned user", ann.name, admin.name],
    ]);
    expect(entries.every((e) => e.adminId === t.admin.id)).toBe(true);
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The next page goes on from there.
    const { entries: older } = await t.admin.client.admin.listAuditLog({
      limit: 50,
      cursor: (await t.admin.client.admin.listAuditLog({ limit: 6 })).nextCursor ?? undefined,
    });
    expect(older.map((e) => e.id)).not.toContain(entries[0]?.id);
  });
});
