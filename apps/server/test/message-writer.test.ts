import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { message, room, roomBan } from "../src/db/schema";
import { insertMessages, type NewMessage } from "../src/features/messages/queries";
import { useTestServer } from "./harness";
import { roomWith, rowsOf } from "./message-fixtures";

/*
 * message.send's inserts go in batches (issue 15): a burst of sends is one statement and one
 * transaction, and each message is still stored or refused on its own.
 */

const t = useTestServer();

const db = () => t.server.runtime.services.db;
const write = (m: NewMessage) => t.server.runtime.services.messageWriter(m);

const newMessage = (roomId: string, senderId: string, content: string): NewMessage => ({
  id: randomUUID(),
  roomId,
  senderId,
  content,
  clientId: null,
});

/** The transactions that wrote these rooms' messages (a row's xmin is its writer's id). */
async function writersOf(roomIds: string[]) {
  const rows = await db()
    .select({ writer: sql<string>`${message}.xmin::text` })
    .from(message)
    .where(inArray(message.roomId, roomIds));
  return new Set(rows.map((r) => r.writer));
}

describe("the message writer", () => {
  it("stores a burst over several rooms in one transaction, each room in the order sent", async () => {
    const ann = await t.server.signUp();
    const bob = await t.server.signUp();
    const rooms = [await roomWith(db(), ann, bob), await roomWith(db(), ann, bob)];
    rooms.push(await roomWith(db(), ann));
    // Interleaved, so the rooms' order in the burst is not their id order.
    const burst = [2, 0, 1, 0, 2, 1, 0].map((r, i) =>
      newMessage(rooms[r] as string, i % 2 ? bob.id : ann.id, `m${i} in ${r}`),
    );
    burst[4] = { ...burst[4], senderId: ann.id } as NewMessage;
    const stored = await Promise.all(burst.map(write));
    expect(stored.every((at) => at instanceof Date)).toBe(true);
    expect(await writersOf(rooms)).toHaveProperty("size", 1);
    for (const roomId of rooms) {
      const sent = burst.filter((m) => m.roomId === roomId);
      expect(await rowsOf(db(), roomId)).toEqual(
        sent.map((m) => ({ id: m.id, senderId: m.senderId, content: m.content })),
      );
    }
    // Each send gets its own message's time, and a room's times follow its order.
    const times = await db()
      .select({ id: message.id, createdAt: message.createdAt })
      .from(message)
      .where(inArray(message.roomId, rooms));
    const timeOf = new Map(times.map((r) => [r.id, r.createdAt.getTime()]));
    burst.forEach((m, i) => expect(stored[i]?.getTime()).toBe(timeOf.get(m.id)));
  });

  it("batches over the same rooms given in opposite orders all commit, and a room's times follow its seq", async () => {
    const ann = await t.server.signUp();
    const rooms = [await roomWith(db(), ann), await roomWith(db(), ann), await roomWith(db(), ann)];
    // As two processes' writers would, at once (one writer writes one batch at a time). On
    // PostgreSQL they would deadlock if each locked its rooms in the order given.
    const batch = (k: number) => {
      const order = k % 2 ? [...rooms].reverse() : rooms;
      return order.flatMap((roomId) => [0, 1].map((i) => newMessage(roomId, ann.id, `b${k}-${i}`)));
    };
    const batches = Array.from({ length: 12 }, (_, k) => batch(k));
    await Promise.all(batches.map((messages) => insertMessages(db(), messages)));

    for (const roomId of rooms) {
      const rows = await db()
        .select({ seq: message.seq, createdAt: message.createdAt })
        .from(message)
        .where(eq(message.roomId, roomId))
        .orderBy(message.seq);
      expect(rows).toHaveLength(24);
      const times = rows.map((r) => r.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const [touched] = await db()
        .select({ at: room.lastActivityAt })
        .from(room)
        .where(eq(room.id, roomId));
      expect(touched?.at?.getTime()).toBe(times.at(-1));
    }
  });

  it("refuses an outsider, a banned member, a closed room and a repeated clientId in a burst, and stores the rest", async () => {
    const ann = await t.server.signUp();
    const eve = await t.server.signUp();
    const mel = await t.server.signUp();
    const open = await roomWith(db(), ann, mel);
    const closed = await roomWith(db(), ann);
    // Still a member, and banned: a ban and a join that crossed (a ban removes the member).
    await db().insert(roomBan).values({ roomId: open, userId: mel.id });
    await db().update(room).set({ closedAt: new Date() }).where(eq(room.id, closed));
    const activity = async (roomId: string) =>
      (await db().select({ at: room.lastActivityAt }).from(room).where(eq(room.id, roomId)))[0]?.at;
    const closedBefore = await activity(closed);
    const clientId = randomUUID();
    const burst = [
      { ...newMessage(open, ann.id, "first"), clientId },
      newMessage(open, eve.id, "outsider"),
      newMessage(closed, ann.id, "into a closed room"),
      { ...newMessage(open, ann.id, "first, again"), clientId },
      newMessage(open, mel.id, "banned"),
      newMessage(open, ann.id, "second"),
    ];
    const stored = await Promise.all(burst.map(write));
    expect(stored.map((at) => at !== null)).toEqual([true, false, false, false, false, true]);
    expect((await rowsOf(db(), open)).map((r) => r.content)).toEqual(["first", "second"]);
    expect(await rowsOf(db(), closed)).toEqual([]);
    // A room is touched by what was stored in it, and only then.
    expect((await activity(open))?.getTime()).toBe(stored[5]?.getTime());
    expect(await activity(closed)).toEqual(closedBefore);
    // The same clientId again in a later burst stores nothing either.
    expect(await write({ ...newMessage(open, ann.id, "first, later"), clientId })).toBeNull();
  });

  it("a message the database rejects fails alone; the rest of its burst is stored", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const broken: NewMessage = {
      ...newMessage(roomId, ann.id, "/files/x.jpg"),
      // Past PostgreSQL's integer: the whole statement fails, as any error in a batch would.
      media: { type: "image", width: 2 ** 40, height: 10, previewKey: null },
    };
    const burst = [
      newMessage(roomId, ann.id, "before"),
      broken,
      newMessage(roomId, ann.id, "after"),
    ];
    const results = await Promise.allSettled(burst.map(write));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await rowsOf(db(), roomId)).map((r) => r.content)).toEqual(["before", "after"]);
  });
});
