import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGE_PAGE_SIZE, PERMISSION, roomChannel, type ChatMessage } from "@chatsphere/contract";
import { message, room } from "../src/db/schema";
import { useTestServer } from "./harness";
import { isMessageEvent, roomWith, rowsOf } from "./message-fixtures";
import { openSocket } from "./realtime-helpers";

/*
 * Nothing lost, nothing twice (issue 10, item 8): idempotent sends by clientId and a history
 * paged by cursor in one total order. Long histories are written straight into the table:
 * message.send is rate-limited, and the order under test is the table's, not the sender's.
 */

const t = useTestServer();

const db = () => t.server.runtime.services.db;

/** Stores `count` messages in this order, all at the same instant unless told otherwise. */
async function storeHistory(roomId: string, senderId: string, count: number, ids?: string[]) {
  const createdAt = new Date("2030-01-01T00:00:00Z");
  const rows = Array.from({ length: count }, (_, i) => ({
    id: ids?.[i] ?? `m${String(i).padStart(4, "0")}${randomUUID().slice(0, 8)}`,
    roomId,
    senderId,
    content: `message ${i}`,
    createdAt,
  }));
  await db().insert(message).values(rows);
  return rows.map((r) => r.id);
}

const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

describe("message.send with a clientId", () => {
  it("a repeated send returns the stored message and stores nothing new", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const first = await ann.client.message.send({ roomId, content: "hello", clientId: "c-1" });
    const again = await ann.client.message.send({ roomId, content: "hello", clientId: "c-1" });
    expect(again).toEqual(first);
    expect(await rowsOf(db(), roomId)).toEqual([
      { id: first.id, senderId: ann.id, content: "hello" },
    ]);
  });

  it("two identical sends at once store one row and both get the same message back", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const input = { roomId, content: "at once", clientId: randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => ann.client.message.send(input)));
    expect(new Set(ids(answers)).size).toBe(1);
    expect(await rowsOf(db(), roomId)).toHaveLength(1);
  });

  it("the same clientId from another sender or in another room is another message", async () => {
    const ann = await t.server.signUp();
    const bob = await t.server.signUp();
    const roomId = await roomWith(db(), ann, bob);
    const otherRoomId = await roomWith(db(), ann);
    const clientId = "shared-id";
    const fromAnn = await ann.client.message.send({ roomId, content: "ann", clientId });
    const fromBob = await bob.client.message.send({ roomId, content: "bob", clientId });
    const elsewhere = await ann.client.message.send({
      roomId: otherRoomId,
      content: "x",
      clientId,
    });
    expect(new Set([fromAnn.id, fromBob.id, elsewhere.id]).size).toBe(3);
    expect(fromBob).toMatchObject({ content: "bob", senderId: bob.id });
    expect(await rowsOf(db(), roomId)).toHaveLength(2);
    expect(await rowsOf(db(), otherRoomId)).toHaveLength(1);
  });

  it("sends without a clientId are never merged, even with the same text", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    await ann.client.message.send({ roomId, content: "same" });
    await ann.client.message.send({ roomId, content: "same" });
    expect(await rowsOf(db(), roomId)).toHaveLength(2);
  });

  it("a retry after the chat ended returns the stored message; a new message gets 409", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const sent = await ann.client.message.send({ roomId, content: "last", clientId: "late" });
    await db().update(room).set({ closedAt: new Date() }).where(eq(room.id, roomId));
    await expect(
      ann.client.message.send({ roomId, content: "last", clientId: "late" }),
    ).resolves.toEqual(sent);
    await expect(
      ann.client.message.send({ roomId, content: "new", clientId: "newer" }),
    ).rejects.toMatchObject({ status: 409, message: PERMISSION.chatEnded });
    expect(await rowsOf(db(), roomId)).toHaveLength(1);
  });

  it("a repeated send publishes the stored message again (the first event may be lost)", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const socket = await openSocket(t.server.wsUrl, ann.cookie);
    t.closeAfter(socket);
    expect(await socket.sub(roomChannel(roomId))).toBe("subscribed");
    const input = { roomId, content: "twice?", clientId: "republish" };
    const sent = await ann.client.message.send(input);
    await socket.next(isMessageEvent);
    const since = socket.mark();
    await ann.client.message.send(input);
    const again = await socket.next(isMessageEvent, 5000, since);
    expect(again.payload).toEqual(sent);
  });
});

describe("message.list pages by cursor", () => {
  it("without a cursor returns the newest page, oldest first, and says older ones exist", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const stored = await storeHistory(roomId, ann.id, MESSAGE_PAGE_SIZE + 5);
    const page = await ann.client.message.list({ roomId });
    expect(ids(page.messages)).toEqual(stored.slice(5));
    expect(page).toMatchObject({ hasOlder: true, hasNewer: false });
  });

  it("walks forward with `after` through every message exactly once, in order", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const stored = await storeHistory(roomId, ann.id, 250);
    const seen: string[] = [];
    let cursor = stored[0] ?? "";
    seen.push(cursor);
    for (let pages = 1; ; pages++) {
      const page = await ann.client.message.list({ roomId, after: cursor });
      seen.push(...ids(page.messages));
      cursor = seen.at(-1) ?? "";
      expect(page.hasOlder).toBe(true);
      if (!page.hasNewer) {
        expect(pages).toBe(3);
        break;
      }
    }
    expect(seen).toEqual(stored);
  });

  it("walks backward with `before` to the first message, then says nothing is older", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const stored = await storeHistory(roomId, ann.id, 130);
    const newest = await ann.client.message.list({ roomId, limit: 50 });
    let seen = ids(newest.messages);
    let hasOlder = newest.hasOlder;
    while (hasOlder) {
      const page = await ann.client.message.list({ roomId, before: seen[0], limit: 50 });
      expect(page.hasNewer).toBe(true);
      seen = [...ids(page.messages), ...seen];
      hasOlder = page.hasOlder;
    }
    expect(seen).toEqual(stored);
  });

  it("orders messages stored at the same instant by the order they were stored", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    // Ids that sort the other way round: ties must not fall back to the id.
    const stored = await storeHistory(roomId, ann.id, 3, ["zz-first", "mm-second", "aa-third"]);
    expect(ids((await ann.client.message.list({ roomId })).messages)).toEqual(stored);
    const after = await ann.client.message.list({ roomId, after: "zz-first", limit: 1 });
    expect(after).toMatchObject({ hasOlder: true, hasNewer: true });
    expect(ids(after.messages)).toEqual(["mm-second"]);
  });

  it("an `after` page at the newest message is empty and says nothing is newer", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const sent = await ann.client.message.send({ roomId, content: "only one" });
    await expect(ann.client.message.list({ roomId, after: sent.id })).resolves.toEqual({
      messages: [],
      hasOlder: true,
      hasNewer: false,
    });
  });

  it("lists concurrent sends of two members in an order their times agree with", async () => {
    const ann = await t.server.signUp();
    const bob = await t.server.signUp();
    const roomId = await roomWith(db(), ann, bob);
    const sends = Array.from({ length: 16 }, (_, i) =>
      (i % 2 ? ann : bob).client.message.send({ roomId, content: `burst ${i}`, clientId: `b${i}` }),
    );
    const sent = await Promise.all(sends);
    const { messages } = await ann.client.message.list({ roomId });
    expect(new Set(ids(messages))).toEqual(new Set(ids(sent)));
    const times = messages.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort());
  });
});
