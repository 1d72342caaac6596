import { asc, eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DM_UNANSWERED_CAP,
  otherUserInput,
  PERMISSION,
  roomChannel,
  TOAST,
  userChannel,
  userIdInput,
  type EventFrame,
  type ServerFrame,
} from "@chatsphere/contract";
import { follow, room, roomMember } from "../../src/db/schema";
import { useTestServer, type TestUser } from "../harness";
import {
  directChat,
  directRooms,
  followEachOther,
  follows,
  isEvent,
  userSocket,
} from "../follow-fixtures";
import { chatTraces, file, pngImage } from "../media-fixtures";
import { isMessageEvent, roomOfKind, rowsOf } from "../message-fixtures";
import {
  expectNoFrame,
  NO_FRAME_WAIT_MS,
  openSocket,
  sleep,
  type TestSocket,
} from "../realtime-helpers";

/*
 * Following and direct messages as an attacker tries them (issue 12): guests, follows of
 * oneself, of guests and of nobody, the guest's follow attempt outside its chat, direct chats
 * without a mutual follow, the three-unanswered cap under concurrency, a third person prying
 * on a pair, e-mails in answers and events, and malformed ids. Each refusal asserts the status
 * and the contract's text, re-reads the rows it must not change, and shows that no event went
 * out.
 */

const t = useTestServer();
const db = () => t.server.runtime.services.db;

/**
 * Anything a refused call could have caused: an event or an ended subscription. The online
 * dots (`following_status`) are left out: they follow sockets opening, not the calls tested.
 */
const isNews = (f: ServerFrame) =>
  (f.type === "event" && f.event !== "following_status") || f.type === "unsubscribed";

/** Every follow row that names one of these users, either side. */
const followsOf = (...users: TestUser[]) =>
  db()
    .select()
    .from(follow)
    .where(or(...users.flatMap((u) => [eq(follow.followerId, u.id), eq(follow.followingId, u.id)])))
    .orderBy(asc(follow.followerId), asc(follow.followingId));

/** The memberships of a room, read marks included (what a refused markAsRead must not touch). */
const membersOf = (roomId: string) =>
  db()
    .select()
    .from(roomMember)
    .where(eq(roomMember.roomId, roomId))
    .orderBy(asc(roomMember.userId));

/** A room's rows a refused call must leave as they were. */
async function chatState(roomId: string) {
  return {
    room: await db().select().from(room).where(eq(room.id, roomId)),
    members: await membersOf(roomId),
    messages: await rowsOf(db(), roomId),
    directRooms: await directRooms(db()),
  };
}

/** A socket of `user` holding their own channel and these room channels. */
async function watcher(user: TestUser, ...roomIds: string[]) {
  const socket = await userSocket(t, user);
  for (const roomId of roomIds) expect(await socket.sub(roomChannel(roomId))).toBe("subscribed");
  return socket;
}

/** Marks every socket now; `quiet` then shows that none of them got news since. */
function marks(...sockets: TestSocket[]) {
  const since = sockets.map((s) => s.mark());
  return {
    quiet: () =>
      Promise.all(sockets.map((s, i) => expectNoFrame(s, isNews, { since: since[i] ?? 0 }))),
  };
}

const nameOf = (user: TestUser) => user.email.split("@")[0];

type FollowEvent = "follow_notification" | "mutual_follow_notification" | "follow_attempt";

/** Ann and Bob follow each other and have a direct chat with one message each way. */
async function pairWithHistory() {
  const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
  const roomId = await directChat(t, ann, bob);
  await ann.client.message.send({ roomId, content: "hi bob", clientId: "ann-1" });
  await bob.client.message.send({ roomId, content: "hi ann", clientId: "bob-1" });
  return { ann, bob, roomId };
}

/** Settled calls: the answers, and the refusals as (status, text). */
function outcomes<T>(settled: PromiseSettledResult<T>[]) {
  const accepted: T[] = [];
  const refused: { status: unknown; message: unknown }[] = [];
  for (const result of settled) {
    if (result.status === "fulfilled") accepted.push(result.value);
    else {
      const error = result.reason as { status?: unknown; message?: unknown };
      refused.push({ status: error.status, message: error.message });
    }
  }
  return { accepted, refused };
}

/** The longest run of messages in a row by one sender, per sender. */
function longestRuns(rows: { senderId: string | null }[]) {
  const longest = new Map<string | null, number>();
  let run = 0;
  rows.forEach((row, i) => {
    run = i > 0 && rows[i - 1]?.senderId === row.senderId ? run + 1 : 1;
    longest.set(row.senderId, Math.max(longest.get(row.senderId) ?? 0, run));
  });
  return longest;
}

describe("guests cannot follow or use direct chats", () => {
  it("user.follow, unfollow, isFollowing and userFollowing are refused to a guest (403, tier text), nothing stored, nobody told", async () => {
    const [guest, bob] = [await t.server.signInAsGuest(), await t.server.signUp()];
    const sockets = [await userSocket(t, bob), await userSocket(t, guest)];
    const mark = marks(...sockets);
    const calls = [
      () => guest.client.user.follow({ userId: bob.id }),
      () => guest.client.user.unfollow({ userId: bob.id }),
      () => guest.client.user.isFollowing({ userId: bob.id }),
      () => guest.client.user.userFollowing(),
      () => guest.client.user.userFollowing({ list: "followers" }),
      // The tier answers before the input is read: a bad id is still a 403.
      () => guest.client.user.follow({ userId: "" }),
    ];
    for (const call of calls) {
      await expect(call()).rejects.toMatchObject({
        status: 403,
        message: PERMISSION.guestsNotAllowed,
      });
    }
    expect(await followsOf(guest, bob)).toEqual([]);
    await mark.quiet();
  });

  it("every dm.* call is refused to a guest (403, tier text): no room, no read mark, no event", async () => {
    const guest = await t.server.signInAsGuest();
    const { ann, bob, roomId } = await pairWithHistory();
    const sockets = [await watcher(ann, roomId), await watcher(bob, roomId)];
    const before = await chatState(roomId);
    const mark = marks(...sockets);
    const calls = [
      () => guest.client.dm.getOrCreateChat({ otherUserId: ann.id }),
      () => guest.client.dm.markAsRead({ roomId }),
      () => guest.client.dm.getUnreadSummary(),
      () => guest.client.dm.getLatestMessage({ otherUserId: ann.id }),
      () => guest.client.dm.getOrCreateChat({ otherUserId: "" }),
    ];
    for (const call of calls) {
      await expect(call()).rejects.toMatchObject({
        status: 403,
        message: PERMISSION.guestsNotAllowed,
      });
    }
    expect(await chatState(roomId)).toEqual(before);
    await mark.quiet();
  });
});

describe("user.follow of someone who cannot be followed", () => {
  it("yourself, a guest and an unknown id are refused (400, the contract's texts): no row, nobody told", async () => {
    const [ann, guest] = [await t.server.signUp(), await t.server.signInAsGuest()];
    const sockets = [await userSocket(t, ann), await userSocket(t, guest)];
    const mark = marks(...sockets);
    const refusals: [string, string][] = [
      [ann.id, PERMISSION.cannotFollowSelf],
      [guest.id, PERMISSION.cannotFollowGuest],
      ["no-such-user", PERMISSION.userNotFound],
    ];
    for (const [userId, text] of refusals) {
      await expect(ann.client.user.follow({ userId })).rejects.toMatchObject({
        status: 400,
        message: text,
      });
    }
    expect(await followsOf(ann, guest)).toEqual([]);
    const unknown = await db().select().from(follow).where(eq(follow.followingId, "no-such-user"));
    expect(unknown).toEqual([]);
    await expect(ann.client.user.isFollowing({ userId: guest.id })).resolves.toBe(false);
    await mark.quiet();
  });
});

describe("user.unfollow of someone not followed", () => {
  it("answers as usual but tells nobody (no unfollow_notification) and changes no row", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    // Bob follows Ann; Ann does not follow Bob.
    await follows(db(), [bob, ann]);
    const sockets = [await userSocket(t, ann), await userSocket(t, bob)];
    const before = await followsOf(ann, bob);
    const mark = marks(...sockets);
    for (const userId of [bob.id, ann.id, "no-such-user"]) {
      await expect(ann.client.user.unfollow({ userId })).resolves.toEqual({
        message: TOAST.userUnfollowed,
      });
    }
    expect(await followsOf(ann, bob)).toEqual(before);
    await mark.quiet();
  });
});

describe("user.followAttempt outside a guest's own stranger chat", () => {
  it("a registered user is refused (400 notAGuest), even in a stranger chat: no follow_attempt", async () => {
    const [ann, guest] = [await t.server.signUp(), await t.server.signInAsGuest()];
    const roomId = await roomOfKind(db(), "stranger", ann, guest);
    const socket = t.closeAfter(await openSocket(t.server.wsUrl, guest.cookie));
    expect(await socket.sub(roomChannel(roomId))).toBe("subscribed");
    const since = socket.mark();
    await expect(ann.client.user.followAttempt({ roomId })).rejects.toMatchObject({
      status: 400,
      message: PERMISSION.notAGuest,
    });
    await expectNoFrame(socket, isNews, { since });
    expect(await followsOf(ann, guest)).toEqual([]);
  });

  it("a guest is refused (403) for a stranger chat of others, a closed one, a room of another kind and an unknown one: no follow_attempt", async () => {
    const [guest, ann, bob] = [
      await t.server.signInAsGuest(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    const strangers = await roomOfKind(db(), "stranger", ann, bob);
    const closed = await roomOfKind(db(), "stranger", guest, ann);
    const userRoom = await roomOfKind(db(), "user", guest, ann);
    const { roomId: direct, ann: dmAnn } = await pairWithHistory();
    // Ann holds every room's channel (the closed one from before it closed).
    const socket = await watcher(ann, strangers, closed, userRoom);
    const dmSocket = await watcher(dmAnn, direct);
    await db().update(room).set({ closedAt: new Date() }).where(eq(room.id, closed));
    const mark = marks(socket, dmSocket);
    for (const roomId of [strangers, closed, userRoom, direct, "no-such-room"]) {
      await expect(guest.client.user.followAttempt({ roomId })).rejects.toMatchObject({
        status: 403,
        message: PERMISSION.notInStrangerChat,
      });
    }
    await mark.quiet();
  });
});

describe("direct chats need a mutual follow", () => {
  it("dm.getOrCreateChat when one side follows, or neither, is refused (403 notMutual): no room, no event", async () => {
    const [ann, bob, cat, dan] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    await follows(db(), [ann, bob]);
    const sockets = [await userSocket(t, ann), await userSocket(t, bob), await userSocket(t, cat)];
    const rooms = await directRooms(db());
    const followRows = await followsOf(ann, bob, cat, dan);
    const mark = marks(...sockets);
    const calls = [
      () => ann.client.dm.getOrCreateChat({ otherUserId: bob.id }),
      () => bob.client.dm.getOrCreateChat({ otherUserId: ann.id }),
      () => cat.client.dm.getOrCreateChat({ otherUserId: dan.id }),
      () => dan.client.dm.getOrCreateChat({ otherUserId: cat.id }),
      // Nor with yourself, nor with nobody.
      () => ann.client.dm.getOrCreateChat({ otherUserId: ann.id }),
      () => ann.client.dm.getOrCreateChat({ otherUserId: "no-such-user" }),
      // Nor the latest message of a pair that never was mutual.
      () => ann.client.dm.getLatestMessage({ otherUserId: bob.id }),
      () => cat.client.dm.getLatestMessage({ otherUserId: dan.id }),
    ];
    for (const call of calls) {
      await expect(call()).rejects.toMatchObject({ status: 403, message: PERMISSION.notMutual });
    }
    expect(await directRooms(db())).toEqual(rooms);
    expect(await followsOf(ann, bob, cat, dan)).toEqual(followRows);
    await mark.quiet();
  });

  it("after an unfollow neither side may send (403 notMutual): no row, no event; the history stays readable to both", async () => {
    const { ann, bob, roomId } = await pairWithHistory();
    await bob.client.user.unfollow({ userId: ann.id });
    const sockets = [await watcher(ann, roomId), await watcher(bob, roomId)];
    const before = await chatState(roomId);
    const mark = marks(...sockets);
    for (const sender of [ann, bob]) {
      await expect(
        sender.client.message.send({ roomId, content: "still there?" }),
      ).rejects.toMatchObject({ status: 403, message: PERMISSION.notMutual });
      await expect(
        sender.client.message.send({ roomId, content: "again", clientId: `${sender.id}-new` }),
      ).rejects.toMatchObject({ status: 403, message: PERMISSION.notMutual });
      await expect(
        sender.client.dm.getOrCreateChat({ otherUserId: (sender === ann ? bob : ann).id }),
      ).rejects.toMatchObject({ status: 403, message: PERMISSION.notMutual });
    }
    expect(await chatState(roomId)).toEqual(before);
    await mark.quiet();
    for (const member of [ann, bob]) {
      const { messages } = await member.client.message.list({ roomId });
      expect(messages.map((m) => [m.senderId, m.content])).toEqual([
        [ann.id, "hi bob"],
        [bob.id, "hi ann"],
      ]);
    }
    // The refusal was the rule's: following back opens the chat again.
    await bob.client.user.follow({ userId: ann.id });
    await expect(bob.client.message.send({ roomId, content: "back" })).resolves.toMatchObject({
      content: "back",
    });
  });
});

describe("files for a direct chat follow its rules", () => {
  const photo = async () => file(await pngImage(8, 8), "photo.png", "image/png");

  it("after an unfollow an upload is refused (403 notMutual) and over the cap (409 dmLimit): no file stored", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    for (let i = 1; i <= DM_UNANSWERED_CAP; i++) {
      await ann.client.message.send({ roomId, content: `message ${i}` });
    }
    const before = await chatTraces(t.server);
    const tooMany = ann.client.message.uploadMedia({ roomId, file: await photo() });
    await expect(tooMany).rejects.toMatchObject({ status: 409, message: TOAST.dmLimit });
    expect(await chatTraces(t.server)).toEqual(before);
    // Bob may still send a file: the cap is Ann's. Then he unfollows; neither may upload.
    await expect(
      bob.client.message.uploadMedia({ roomId, file: await photo() }),
    ).resolves.toMatchObject({
      media: { kind: "image" },
    });
    await bob.client.user.unfollow({ userId: ann.id });
    const afterBob = await chatTraces(t.server);
    for (const sender of [ann, bob]) {
      await expect(
        sender.client.message.uploadMedia({ roomId, file: await photo() }),
      ).rejects.toMatchObject({ status: 403, message: PERMISSION.notMutual });
    }
    expect(await chatTraces(t.server)).toEqual(afterBob);
    expect(before.temporaryFiles).toEqual([]);
  });
});

describe(`the cap of ${DM_UNANSWERED_CAP} unanswered messages under concurrency`, () => {
  it(`ten sends at once by one sender store exactly ${DM_UNANSWERED_CAP}; the others are refused (409 dmLimit)`, async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    const socket = await watcher(bob, roomId);
    const since = socket.mark();
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        ann.client.message.send({ roomId, content: `burst ${i}`, clientId: `burst-${i}` }),
      ),
    );
    const { accepted, refused } = outcomes(settled);
    expect(accepted).toHaveLength(DM_UNANSWERED_CAP);
    expect(refused).toEqual(
      Array.from({ length: 10 - DM_UNANSWERED_CAP }, () => ({
        status: 409,
        message: TOAST.dmLimit,
      })),
    );
    const rows = await rowsOf(db(), roomId);
    expect(rows.map((r) => r.id).sort()).toEqual(accepted.map((m) => m.id).sort());
    expect(rows.every((r) => r.senderId === ann.id)).toBe(true);
    // Only the stored ones went out.
    await sleep(NO_FRAME_WAIT_MS);
    const published = socket.frames.slice(since).filter(isMessageEvent);
    expect(published.map((f) => f.payload.id).sort()).toEqual(accepted.map((m) => m.id).sort());
    await expect(bob.client.dm.getUnreadSummary()).resolves.toEqual({
      rooms: [{ roomId, unreadCount: DM_UNANSWERED_CAP }],
      totalUnread: DM_UNANSWERED_CAP,
    });
  });

  it(`ten sends at once from both sides while one unfollows: no run over ${DM_UNANSWERED_CAP}, only accepted ones stored, nothing after the unfollow`, async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    // Mostly Ann (so the cap is reached too), in two waves; Bob unfollows as the second
    // wave starts, once the first send has been answered, so it lands among the sends.
    const send = (i: number) => {
      const sender = i % 5 === 4 ? bob : ann;
      return sender.client.message.send({ roomId, content: `race ${i}`, clientId: `race-${i}` });
    };
    const firstWave = [0, 1, 2, 3, 4].map(send);
    await Promise.race(firstWave.map((p) => p.catch(() => null)));
    let unfollowedAt = Infinity;
    const unfollow = bob.client.user.unfollow({ userId: ann.id }).then(() => {
      unfollowedAt = Date.now();
    });
    const secondWave = [5, 6, 7, 8, 9].map(send);
    const settled = await Promise.allSettled([...firstWave, ...secondWave]);
    await unfollow;
    const { accepted, refused } = outcomes(settled);
    for (const refusal of refused) {
      expect([
        { status: 403, message: PERMISSION.notMutual },
        { status: 409, message: TOAST.dmLimit },
      ]).toContainEqual(refusal);
    }
    const rows = await rowsOf(db(), roomId);
    expect(rows.map((r) => r.id).sort()).toEqual(accepted.map((m) => m.id).sort());
    for (const [, run] of longestRuns(rows)) expect(run).toBeLessThanOrEqual(DM_UNANSWERED_CAP);
    // Nothing was stored after the unfollow had been answered (so after it committed).
    for (const m of accepted) expect(Date.parse(m.createdAt)).toBeLessThanOrEqual(unfollowedAt);
    // And once it has answered, nothing more gets in, from either side.
    for (const sender of [ann, bob]) {
      await expect(sender.client.message.send({ roomId, content: "late" })).rejects.toMatchObject({
        status: 403,
        message: PERMISSION.notMutual,
      });
    }
    expect(await rowsOf(db(), roomId)).toEqual(rows);
  });
});

describe("a third person cannot pry on a pair's direct chat", () => {
  it("Oz cannot list, send, mark read or read the latest of Ann and Bob's chat (403), nor hold its channel or theirs", async () => {
    const { ann, bob, roomId } = await pairWithHistory();
    const oz = await t.server.signUp();
    // Oz is a mutual of Ann's (with no chat yet), so his own direct calls work.
    await followEachOther(db(), oz, ann);
    const sockets = [await watcher(ann, roomId), await watcher(bob, roomId)];
    const before = await chatState(roomId);
    const mark = marks(...sockets);
    const refusals: [() => Promise<unknown>, string][] = [
      [() => oz.client.message.list({ roomId }), PERMISSION.notRoomMember],
      [() => oz.client.message.list({ roomId, after: "x" }), PERMISSION.notRoomMember],
      [() => oz.client.message.send({ roomId, content: "let me in" }), PERMISSION.notRoomMember],
      // Reusing a member's clientId returns nothing of theirs.
      [
        () => oz.client.message.send({ roomId, content: "hi bob", clientId: "ann-1" }),
        PERMISSION.notRoomMember,
      ],
      [() => oz.client.dm.markAsRead({ roomId }), PERMISSION.notRoomMember],
      [() => oz.client.dm.getLatestMessage({ otherUserId: bob.id }), PERMISSION.notMutual],
      [() => oz.client.dm.getOrCreateChat({ otherUserId: bob.id }), PERMISSION.notMutual],
    ];
    for (const [call, text] of refusals) {
      await expect(call()).rejects.toMatchObject({ status: 403, message: text });
    }
    // With Ann, Oz only sees his own (empty) pair, never Ann and Bob's messages.
    await expect(oz.client.dm.getLatestMessage({ otherUserId: ann.id })).resolves.toEqual({
      content: null,
      createdAt: null,
      fromMe: false,
    });
    await expect(oz.client.dm.getUnreadSummary()).resolves.toEqual({ rooms: [], totalUnread: 0 });
    const lists = await oz.client.user.userFollowing();
    expect(lists.mutual).toEqual([expect.objectContaining({ id: ann.id, directChat: null })]);
    const socket = t.closeAfter(await openSocket(t.server.wsUrl, oz.cookie));
    expect(await socket.sub(roomChannel(roomId))).toBe("forbidden");
    expect(await socket.sub(userChannel(ann.id))).toBe("forbidden");
    expect(await socket.sub(userChannel(bob.id))).toBe("forbidden");
    expect(await chatState(roomId)).toEqual(before);
    await mark.quiet();
    await expectNoFrame(socket, isNews);
  });
});

describe("no e-mail leaves in follow and direct chat answers or events", () => {
  it("userFollowing, dm.*, message.list and the follow events carry nobody's e-mail", async () => {
    const [ann, bob, cat, dan, guest] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signInAsGuest(),
    ];
    const strangerRoom = await roomOfKind(db(), "stranger", guest, ann);
    const [annSocket, bobSocket] = [await watcher(ann, strangerRoom), await userSocket(t, bob)];
    // Ann: a mutual (Bob), someone she follows (Dan), a follower (Cat).
    await ann.client.user.follow({ userId: bob.id });
    await bob.client.user.follow({ userId: ann.id });
    await ann.client.user.follow({ userId: dan.id });
    await cat.client.user.follow({ userId: ann.id });
    await guest.client.user.followAttempt({ roomId: strangerRoom });
    const { room: chat } = await ann.client.dm.getOrCreateChat({ otherUserId: bob.id });
    await ann.client.message.send({ roomId: chat.id, content: "hello" });
    await bob.client.message.send({ roomId: chat.id, content: "hi" });
    const from = (socket: TestSocket, event: FollowEvent, by: TestUser) =>
      socket.next((f): f is EventFrame => isEvent(event)(f) && f.payload.userId === by.id);
    const events = [
      await from(bobSocket, "follow_notification", ann),
      await from(bobSocket, "mutual_follow_notification", ann),
      await from(annSocket, "follow_notification", bob),
      await from(annSocket, "mutual_follow_notification", bob),
      await from(annSocket, "follow_notification", cat),
      await annSocket.next(isEvent("follow_attempt", roomChannel(strangerRoom))),
    ];
    expect(events.map((e) => e.payload)).toEqual([
      { userId: ann.id, name: nameOf(ann) },
      { userId: ann.id, name: nameOf(ann) },
      { userId: bob.id, name: nameOf(bob) },
      { userId: bob.id, name: nameOf(bob) },
      { userId: cat.id, name: nameOf(cat) },
      { userId: guest.id, name: expect.stringMatching(/^Guest \d{4}$/) },
    ]);
    const lists = await ann.client.user.userFollowing();
    expect([lists.mutual, lists.following, lists.followers].map((l) => l.length)).toEqual([
      1, 2, 2,
    ]);
    const answers = {
      lists,
      listsOfBob: await bob.client.user.userFollowing(),
      chat,
      chatOfBob: await bob.client.dm.getOrCreateChat({ otherUserId: ann.id }),
      latest: await ann.client.dm.getLatestMessage({ otherUserId: bob.id }),
      history: await bob.client.message.list({ roomId: chat.id }),
      events,
      framesOfAnn: annSocket.frames,
      framesOfBob: bobSocket.frames,
    };
    const json = JSON.stringify(answers);
    for (const person of [ann, bob, cat, dan]) expect(json).not.toContain(person.email);
    expect(json).not.toContain("@");
  });
});

describe("malformed ids", () => {
  const badIds: unknown[] = ["", "x".repeat(65), "a b", "../etc", "id\u0000", 42, null, undefined];

  /** The contract's own first message for this input (what the server must answer). */
  const messageOf = (schema: typeof userIdInput | typeof otherUserInput, input: unknown) =>
    schema.safeParse(input).error?.issues[0]?.message;

  it("user.follow and dm.getOrCreateChat refuse them (400, the contract's message): nothing stored, nobody told", async () => {
    const ann = await t.server.signUp();
    const socket = await userSocket(t, ann);
    const since = socket.mark();
    const rooms = await directRooms(db());
    // The ids' own text, from the contract, for the strings.
    expect(messageOf(userIdInput, { userId: "" })).toBe("Invalid id");
    for (const bad of badIds) {
      const followInput = { userId: bad } as { userId: string };
      const chatInput = { otherUserId: bad } as { otherUserId: string };
      await expect(ann.client.user.follow(followInput)).rejects.toMatchObject({
        status: 400,
        message: messageOf(userIdInput, followInput),
        data: { issues: [{ path: "userId" }] },
      });
      await expect(ann.client.dm.getOrCreateChat(chatInput)).rejects.toMatchObject({
        status: 400,
        message: messageOf(otherUserInput, chatInput),
        data: { issues: [{ path: "otherUserId" }] },
      });
    }
    expect(await followsOf(ann)).toEqual([]);
    expect(await directRooms(db())).toEqual(rooms);
    await expectNoFrame(socket, isNews, { since });
  });
});
