import { describe, expect, it } from "vitest";
import {
  DM_UNANSWERED_CAP,
  FOLLOWING_CHANNEL,
  roomChannel,
  TOAST,
  userChannel,
  type EventFrame,
  type ServerFrame,
} from "@chatsphere/contract";
import { isEvent } from "./follow-fixtures";
import { isMessageEvent } from "./message-fixtures";
import { expectNoFrame } from "./realtime-helpers";
import { useTwoProcesses } from "./two-processes";

/*
 * Following and direct messages across two real server processes sharing PostgreSQL and Redis
 * (as behind a load balancer): follow events, messages and unread counts reach sockets on the
 * other process, the online dots of following:tab follow sockets on either one, and the
 * three-unanswered cap holds when the sends are split between them. Runs in
 * `npm run test:services`.
 */
describe("follows and direct messages across processes", () => {
  /** Users sign up through process 1 and have a client on each process; sockets on either. */
  const { signUp, socketOn } = useTwoProcesses({ name: "xfollow" });

  /** Ann and Bob follow each other (through the RPC) and have their direct chat. */
  async function mutualPair() {
    const [ann, bob] = [await signUp(), await signUp()];
    await ann.on[0]?.user.follow({ userId: bob.id });
    await bob.on[1]?.user.follow({ userId: ann.id });
    const chat = await ann.on[0]?.dm.getOrCreateChat({ otherUserId: bob.id });
    if (!chat) throw new Error("no chat");
    return { ann, bob, roomId: chat.room.id };
  }

  it("a follow through one process reaches the followed person's socket on the other; following back tells both", async () => {
    const [ann, bob] = [await signUp(), await signUp()];
    const annSocket = await socketOn(0, ann, userChannel(ann.id));
    const bobSocket = await socketOn(1, bob, userChannel(bob.id));

    await expect(ann.on[0]?.user.follow({ userId: bob.id })).resolves.toEqual({
      message: TOAST.userFollowed,
      isMutual: false,
    });
    const followed = await bobSocket.next(isEvent("follow_notification", userChannel(bob.id)));
    expect(followed.payload).toEqual({ userId: ann.id, name: ann.name });

    await expect(bob.on[1]?.user.follow({ userId: ann.id })).resolves.toEqual({
      message: TOAST.userFollowed,
      isMutual: true,
    });
    const toAnn = await annSocket.next(isEvent("mutual_follow_notification", userChannel(ann.id)));
    const toBob = await bobSocket.next(isEvent("mutual_follow_notification", userChannel(bob.id)));
    expect(toAnn.payload).toEqual({ userId: bob.id, name: bob.name });
    expect(toBob.payload).toEqual({ userId: ann.id, name: ann.name });
    // Ann learns of Bob's follow too, across the processes, and nobody's e-mail travels.
    const back = await annSocket.next(isEvent("follow_notification", userChannel(ann.id)));
    expect(back.payload).toEqual({ userId: bob.id, name: bob.name });
    const frames = JSON.stringify([annSocket.frames, bobSocket.frames]);
    expect(frames).not.toContain(ann.email);
    expect(frames).not.toContain(bob.email);
  });

  it("a direct message through process 1 reaches Bob's socket on process 2 and his unread count on both; markAsRead on 2 clears it on 1", async () => {
    const { ann, bob, roomId } = await mutualPair();
    const bobOn2 = await socketOn(1, bob, userChannel(bob.id), roomChannel(roomId));
    const bobOn1 = await socketOn(0, bob, userChannel(bob.id));

    const sent = await ann.on[0]?.message.send({ roomId, content: "hello across" });
    const got = await bobOn2.next(isMessageEvent);
    expect(got.channel).toBe(roomChannel(roomId));
    expect(got.payload).toEqual(sent);
    for (const device of [bobOn2, bobOn1]) {
      const unread = await device.next(isEvent("dm_unread", userChannel(bob.id)));
      expect(unread.payload).toEqual({ roomId, unreadCount: 1, totalUnread: 1 });
    }

    const since = bobOn1.mark();
    await expect(bob.on[1]?.dm.markAsRead({ roomId })).resolves.toEqual({ unreadCount: 0 });
    const cleared = await bobOn1.next(isEvent("dm_unread", userChannel(bob.id)), 5000, since);
    expect(cleared.payload).toEqual({ roomId, unreadCount: 0, totalUnread: 0 });
    await expect(bob.on[0]?.dm.getUnreadSummary()).resolves.toEqual({ rooms: [], totalUnread: 0 });
  });

  it("following:tab on process 2 sees a followed person come online on process 1, and go offline only when their last socket anywhere closes", async () => {
    const [ann, bob] = [await signUp(), await signUp()];
    await bob.on[1]?.user.follow({ userId: ann.id });
    const bobSocket = await socketOn(1, bob, userChannel(bob.id), FOLLOWING_CHANNEL);
    const snapshot = await bobSocket.next(isEvent("following_online", userChannel(bob.id)));
    expect(snapshot.payload).toEqual({ userIds: [] });
    const isAnn =
      (online: boolean) =>
      (f: ServerFrame): f is EventFrame =>
        isEvent("following_status", userChannel(bob.id))(f) &&
        f.payload.userId === ann.id &&
        f.payload.online === online;

    // Ann's first socket, on process 1.
    const annOn1 = await socketOn(0, ann);
    await bobSocket.next(isAnn(true));
    // A snapshot taken on process 2 finds her online on process 1.
    const second = await socketOn(1, bob, FOLLOWING_CHANNEL);
    const seen = await second.next(isEvent("following_online", userChannel(bob.id)));
    expect(seen.payload).toEqual({ userIds: [ann.id] });

    // A second socket of hers on process 2: closing the first one leaves her online.
    const annOn2 = await socketOn(1, ann);
    const since = bobSocket.mark();
    await annOn1.close();
    await expectNoFrame(bobSocket, isAnn(false), { ms: 1000, since });
    await annOn2.close();
    const offline = await bobSocket.next(isAnn(false), 5000, since);
    expect(offline.payload).toEqual({ userId: ann.id, online: false });
  });

  it(`ten sends at once, split between the processes, store exactly ${DM_UNANSWERED_CAP}`, async () => {
    const { ann, bob, roomId } = await mutualPair();
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        ann.on[i % 2]?.message.send({ roomId, content: `burst ${i}`, clientId: `burst-${i}` }),
      ),
    );
    const accepted = settled.filter((r) => r.status === "fulfilled");
    const refused = settled.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(accepted).toHaveLength(DM_UNANSWERED_CAP);
    expect(refused).toHaveLength(10 - DM_UNANSWERED_CAP);
    for (const error of refused) {
      expect(error).toMatchObject({ status: 409, message: TOAST.dmLimit });
    }
    const history = await bob.on[0]?.message.list({ roomId });
    expect(history?.messages).toHaveLength(DM_UNANSWERED_CAP);
    expect(history?.messages.every((m) => m.senderId === ann.id)).toBe(true);
  });
});
