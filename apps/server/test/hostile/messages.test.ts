import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  MESSAGE_CLIENT_ID_MAX_LENGTH,
  MESSAGE_ERROR,
  MESSAGE_PAGE_SIZE,
  PERMISSION,
  roomChannel,
} from "@chatsphere/contract";
import { roomMember } from "../../src/db/schema";
import { useTestServer, type TestUser } from "../harness";
import { isMessageEvent, roomWith, rowsOf } from "../message-fixtures";
import { expectNoFrame, openSocket } from "../realtime-helpers";

/*
 * Nothing lost, nothing twice (issue 10, item 8), as an attacker tries it: other rooms'
 * cursors, someone else's clientId, a retry after leaving. Each refusal re-reads the room's
 * rows, and sends also show that no message event reached the room's members.
 */

const t = useTestServer();

const db = () => t.server.runtime.services.db;

/** A member's socket on the room channel, to show that a refused send published nothing. */
async function listener(user: TestUser, roomId: string) {
  const socket = await openSocket(t.server.wsUrl, user.cookie);
  t.closeAfter(socket);
  expect(await socket.sub(roomChannel(roomId))).toBe("subscribed");
  return socket;
}

/** Ann and Bob talk in one room; Eve has a room of her own with one message. */
async function twoRooms() {
  const [ann, bob, eve] = [
    await t.server.signUp(),
    await t.server.signUp(),
    await t.server.signUp(),
  ];
  const roomId = await roomWith(db(), ann, bob);
  const eveRoomId = await roomWith(db(), eve);
  const secret = await ann.client.message.send({ roomId, content: "private", clientId: "ann-1" });
  const eves = await eve.client.message.send({ roomId: eveRoomId, content: "mine" });
  return { ann, bob, eve, roomId, eveRoomId, secret, eves };
}

describe("message.list refuses cursors and callers it should not serve", () => {
  it("message.list with a cursor from another room is refused (400) and returns nothing", async () => {
    const { eve, eveRoomId, secret } = await twoRooms();
    const before = await rowsOf(db(), eveRoomId);
    for (const cursor of [{ after: secret.id }, { before: secret.id }]) {
      await expect(eve.client.message.list({ roomId: eveRoomId, ...cursor })).rejects.toMatchObject(
        { status: 400, message: MESSAGE_ERROR.unknownCursor, data: undefined },
      );
    }
    expect(await rowsOf(db(), eveRoomId)).toEqual(before);
  });

  it("message.list with an unknown cursor is refused (400) with the same text as a foreign one", async () => {
    const { eve, eveRoomId } = await twoRooms();
    await expect(
      eve.client.message.list({ roomId: eveRoomId, after: "no-such-message" }),
    ).rejects.toMatchObject({ status: 400, message: MESSAGE_ERROR.unknownCursor });
  });

  it("message.list by a non-member is refused (403) and returns nothing, even with a valid cursor", async () => {
    const { eve, roomId, secret } = await twoRooms();
    for (const cursor of [{}, { after: secret.id }, { before: secret.id }, { after: "unknown" }]) {
      await expect(eve.client.message.list({ roomId, ...cursor })).rejects.toMatchObject({
        status: 403,
        message: PERMISSION.notRoomMember,
      });
    }
  });

  it("message.list without a session is refused (401)", async () => {
    const { roomId } = await twoRooms();
    await expect(t.server.client().message.list({ roomId })).rejects.toMatchObject({ status: 401 });
  });

  it("message.list with a limit outside 1-100 or with both cursors is refused (400)", async () => {
    const { ann, roomId, secret } = await twoRooms();
    const refused = [
      { roomId, limit: MESSAGE_PAGE_SIZE + 1 },
      { roomId, limit: 0 },
      { roomId, before: secret.id, after: secret.id },
    ];
    for (const input of refused) {
      await expect(ann.client.message.list(input)).rejects.toMatchObject({ status: 400 });
    }
  });
});

describe("message.send never hands out or duplicates someone else's message", () => {
  it("message.send with another member's clientId stores a new message and never returns theirs", async () => {
    const { bob, roomId, secret } = await twoRooms();
    const mine = await bob.client.message.send({ roomId, content: "bob's", clientId: "ann-1" });
    expect(mine).toMatchObject({ senderId: bob.id, content: "bob's" });
    expect(mine.id).not.toBe(secret.id);
    expect(await rowsOf(db(), roomId)).toEqual([
      { id: secret.id, senderId: secret.senderId, content: "private" },
      { id: mine.id, senderId: bob.id, content: "bob's" },
    ]);
  });

  it("message.send retried by a user who left the room is refused (403), stores nothing, publishes nothing", async () => {
    const { ann, bob, roomId } = await twoRooms();
    await db().delete(roomMember).where(eq(roomMember.userId, ann.id));
    const socket = await listener(bob, roomId);
    const before = await rowsOf(db(), roomId);
    const since = socket.mark();
    await expect(
      ann.client.message.send({ roomId, content: "private", clientId: "ann-1" }),
    ).rejects.toMatchObject({ status: 403, message: PERMISSION.notRoomMember });
    expect(await rowsOf(db(), roomId)).toEqual(before);
    await expectNoFrame(socket, isMessageEvent, { since });
  });

  it("message.send with an overlong or odd clientId is refused (400), stores nothing, publishes nothing", async () => {
    const { ann, bob, roomId } = await twoRooms();
    const socket = await listener(bob, roomId);
    const before = await rowsOf(db(), roomId);
    const since = socket.mark();
    for (const clientId of ["x".repeat(MESSAGE_CLIENT_ID_MAX_LENGTH + 1), "", "a b", "a/../b"]) {
      await expect(
        ann.client.message.send({ roomId, content: "hi", clientId }),
      ).rejects.toMatchObject({ status: 400 });
    }
    expect(await rowsOf(db(), roomId)).toEqual(before);
    await expectNoFrame(socket, isMessageEvent, { since });
  });

  it("message.send by an outsider reusing a member's clientId is refused (403), stores nothing, publishes nothing", async () => {
    const { bob, eve, roomId } = await twoRooms();
    const socket = await listener(bob, roomId);
    const before = await rowsOf(db(), roomId);
    const since = socket.mark();
    await expect(
      eve.client.message.send({ roomId, content: "private", clientId: "ann-1" }),
    ).rejects.toMatchObject({ status: 403, message: PERMISSION.notRoomMember });
    expect(await rowsOf(db(), roomId)).toEqual(before);
    await expectNoFrame(socket, isMessageEvent, { since });
  });
});
