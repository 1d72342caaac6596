import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PERMISSION,
  roomChannel,
  userChannel,
  VALIDATION,
  type EventFrame,
  type ServerFrame,
  type StrangerRoom,
} from "@chatsphere/contract";
import { message, room, roomMember } from "../src/db/schema";
import { createTestServer, type TestServer } from "./harness";
import { expectNoFrame, openSocket, type TestSocket } from "./realtime-helpers";

let server: TestServer;
let wsUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await createTestServer();
  wsUrl = server.wsUrl;
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await server.close();
});

/** A guest with an open connection on their own channel, as the stranger tab has. */
async function connectedGuest() {
  const user = await server.signInAsGuest();
  const socket = await openSocket(wsUrl, user.cookie);
  sockets.push(socket);
  expect(await socket.sub(userChannel(user.id))).toBe("subscribed");
  return { user, socket };
}

const isEvent =
  (event: string) =>
  (f: ServerFrame): f is EventFrame =>
    f.type === "event" && f.event === event;

async function matchedPair(continent: "World" | "Asia" = "Asia") {
  const a = await connectedGuest();
  const b = await connectedGuest();
  await expect(a.user.client.room.findStranger({ continent })).resolves.toEqual({
    status: "waiting",
  });
  await expect(b.user.client.room.findStranger({ continent })).resolves.toEqual({
    status: "matched",
  });
  const event = await a.socket.next(isEvent("stranger_matched"));
  const matched = event.payload as { room: StrangerRoom };
  return { a, b, roomId: matched.room.id, room: matched.room };
}

const membersOf = (roomId: string) =>
  server.runtime.services.db
    .select({ userId: roomMember.userId })
    .from(roomMember)
    .where(eq(roomMember.roomId, roomId));

describe("room.findStranger", () => {
  it("refuses a caller without a session (401)", async () => {
    await expect(server.client().room.findStranger({ continent: "World" })).rejects.toMatchObject({
      status: 401,
    });
  });

  it("refuses a visitor before looking at the input (401, not 400)", async () => {
    const response = await server.request("/rpc/room/findStranger", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { continent: "Mars" } }),
    });
    expect(response.status).toBe(401);
  });

  it("refuses a user with no open connection (409): nobody could reach them", async () => {
    const guest = await server.signInAsGuest();
    await expect(guest.client.room.findStranger({ continent: "World" })).rejects.toMatchObject({
      status: 409,
      message: PERMISSION.connectFirst,
    });
    const memberships = await server.runtime.services.db
      .select()
      .from(roomMember)
      .where(eq(roomMember.userId, guest.id));
    expect(memberships).toEqual([]);
  });

  it("pairs two guests in a stranger room with both as members, and both hear of it", async () => {
    const { a, b, roomId, room: matched } = await matchedPair();
    expect(matched.partner).toMatchObject({ id: b.user.id });
    const other = await b.socket.next(isEvent("stranger_matched"));
    expect(other.payload).toMatchObject({ room: { id: roomId, partner: { id: a.user.id } } });
    const members = await membersOf(roomId);
    expect(members.map((m) => m.userId).sort()).toEqual([a.user.id, b.user.id].sort());
  });
});

describe("messages in a stranger room", () => {
  it("go both ways, are stored, published and listed oldest first", async () => {
    const { a, b, roomId } = await matchedPair();
    expect(await a.socket.sub(roomChannel(roomId))).toBe("subscribed");
    expect(await b.socket.sub(roomChannel(roomId))).toBe("subscribed");
    const hello = await a.user.client.message.send({ roomId, content: "  hello there  " });
    expect(hello.content).toBe("hello there");
    const got = await b.socket.next(isEvent("message"));
    expect(got.payload).toEqual(hello);
    await b.user.client.message.send({ roomId, content: "hi!" });
    await a.socket.next(
      (f) =>
        isEvent("message")(f) &&
        f.channel === roomChannel(roomId) &&
        (f.payload as { content: string }).content === "hi!",
    );
    const { messages } = await a.user.client.message.list({ roomId });
    expect(messages.map((m) => m.content)).toEqual(["hello there", "hi!"]);
  });

  it("refuses an empty or whitespace-only message with the spec's rule (400) and stores nothing", async () => {
    const { a, roomId } = await matchedPair();
    await expect(a.user.client.message.send({ roomId, content: "   " })).rejects.toMatchObject({
      status: 400,
      message: VALIDATION.messageEmpty,
    });
    const rows = await server.runtime.services.db
      .select()
      .from(message)
      .where(eq(message.roomId, roomId));
    expect(rows).toEqual([]);
  });

  it("keeps strangers out of someone else's room (403 on list and send; nothing stored or published)", async () => {
    const { a, b, roomId } = await matchedPair();
    const channel = roomChannel(roomId);
    expect(await a.socket.sub(channel)).toBe("subscribed");
    expect(await b.socket.sub(channel)).toBe("subscribed");
    const since = { a: a.socket.mark(), b: b.socket.mark() };
    const eve = await server.signInAsGuest();
    await expect(eve.client.message.list({ roomId })).rejects.toMatchObject({ status: 403 });
    await expect(eve.client.message.send({ roomId, content: "x" })).rejects.toMatchObject({
      status: 403,
    });
    await expect(eve.client.room.listRoomMembers({ roomId })).rejects.toMatchObject({
      status: 403,
    });
    // What the two members see: no message stored, none pushed, and still only the two of them.
    for (const member of [a, b]) {
      await expect(member.user.client.message.list({ roomId })).resolves.toMatchObject({
        messages: [],
      });
    }
    await Promise.all([
      expectNoFrame(a.socket, isEvent("message"), { since: since.a }),
      expectNoFrame(b.socket, isEvent("message"), { since: since.b }),
    ]);
    const members = await membersOf(roomId);
    expect(members.map((m) => m.userId).sort()).toEqual([a.user.id, b.user.id].sort());
  });
});

describe("skip, leave and disconnect", () => {
  it("skip closes the room, tells the other side and re-queues both", async () => {
    const { a, b, roomId } = await matchedPair("World");
    await b.socket.sub(roomChannel(roomId));
    await expect(
      a.user.client.room.skipStranger({ roomId, continent: "World", requeueOther: true }),
    ).resolves.toEqual({ status: "waiting" });
    const skipped = await b.socket.next(isEvent("stranger_skipped"));
    expect(skipped.payload).toEqual({ roomId });
    await b.socket.next(isEvent("stranger_waiting"));
    await b.socket.next((f) => f.type === "unsubscribed" && f.channel === roomChannel(roomId));
    const [row] = await server.runtime.services.db.select().from(room).where(eq(room.id, roomId));
    expect(row?.closedAt).not.toBeNull();
    await expect(
      b.user.client.message.send({ roomId, content: "still there?" }),
    ).rejects.toMatchObject({
      status: 409,
      message: PERMISSION.chatEnded,
    });
    const stored = await server.runtime.services.db
      .select()
      .from(message)
      .where(eq(message.roomId, roomId));
    expect(stored).toEqual([]);
    await a.user.client.room.cancelStranger();
    await b.user.client.room.cancelStranger();
  });

  it("leave tells the other side the room closed and does not re-queue them", async () => {
    const { a, b, roomId } = await matchedPair("World");
    await b.socket.sub(roomChannel(roomId));
    await expect(a.user.client.room.leave({ roomId })).resolves.toMatchObject({});
    const closed = await b.socket.next(isEvent("room_closed"));
    expect(closed.payload).toEqual({ roomId, reason: "left", byUserId: a.user.id });
    await a.socket.next(isEvent("stranger_idle"));
    await expectNoFrame(b.socket, isEvent("stranger_waiting"));
  });

  it("a disconnect ends the chat for the other side", async () => {
    const { a, b, roomId } = await matchedPair("World");
    await b.socket.sub(roomChannel(roomId));
    await a.socket.close();
    const closed = await b.socket.next(isEvent("room_closed"));
    expect(closed.payload).toMatchObject({ roomId, reason: "disconnected", byUserId: a.user.id });
  });

  it("refuses to skip a room the caller is not in (403) and changes nothing", async () => {
    const { a, b, roomId } = await matchedPair();
    const since = { a: a.socket.mark(), b: b.socket.mark() };
    const eve = await connectedGuest();
    await expect(
      eve.user.client.room.skipStranger({ roomId, continent: "Asia", requeueOther: true }),
    ).rejects.toMatchObject({ status: 403 });
    const [row] = await server.runtime.services.db
      .select({ closedAt: room.closedAt })
      .from(room)
      .where(and(eq(room.id, roomId)));
    expect(row?.closedAt).toBeNull();
    const members = await membersOf(roomId);
    expect(members.map((m) => m.userId).sort()).toEqual([a.user.id, b.user.id].sort());
    // Neither side is told their chat was skipped or closed.
    const isEnd = (f: ServerFrame) => isEvent("stranger_skipped")(f) || isEvent("room_closed")(f);
    await Promise.all([
      expectNoFrame(a.socket, isEnd, { since: since.a }),
      expectNoFrame(b.socket, isEnd, { since: since.b }),
    ]);
  });
});
