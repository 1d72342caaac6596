import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStrangerRooms, createStrangerRooms } from "../src/features/stranger/queries";
import { room, roomMember } from "../src/db/schema";
import { createTestServer, type TestServer } from "./harness";

let server: TestServer;
let userIds: string[];

beforeAll(async () => {
  server = await createTestServer();
  userIds = [];
  for (let i = 0; i < 6; i++) userIds.push((await server.signInAsGuest()).id);
});
afterAll(async () => {
  await server.close();
});

const db = () => server.runtime.services.db;

describe("stranger room statements", () => {
  it("create a batch of rooms, each with exactly its two members", async () => {
    const pairs = Array.from({ length: 150 }, (_, i) => ({
      roomId: randomUUID(),
      userIds: [userIds[i % 6] ?? "", userIds[(i + 1) % 6] ?? ""] as [string, string],
    }));
    await createStrangerRooms(db(), pairs);
    const ids = pairs.map((p) => p.roomId);
    const rooms = await db().select().from(room).where(inArray(room.id, ids));
    expect(rooms).toHaveLength(150);
    expect(new Set(rooms.map((r) => `${r.kind}|${r.name}|${r.closedAt}`))).toEqual(
      new Set(["stranger|Stranger chat|null"]),
    );
    const members = await db()
      .select({ roomId: roomMember.roomId, userId: roomMember.userId })
      .from(roomMember)
      .where(inArray(roomMember.roomId, ids));
    expect(members).toHaveLength(300);
    for (const pair of pairs) {
      const of = members.filter((m) => m.roomId === pair.roomId).map((m) => m.userId);
      expect(of.sort()).toEqual([...pair.userIds].sort());
    }
  });

  it("write nothing when one pair of the batch is bad", async () => {
    const good = { roomId: randomUUID(), userIds: [userIds[0], userIds[1]] as [string, string] };
    const bad = { roomId: randomUUID(), userIds: [userIds[2], "no-such-user"] as [string, string] };
    await expect(createStrangerRooms(db(), [good, bad])).rejects.toThrow();
    const rooms = await db()
      .select()
      .from(room)
      .where(inArray(room.id, [good.roomId, bad.roomId]));
    expect(rooms).toEqual([]);
  });

  it("close open stranger rooms once, and leave other rooms alone", async () => {
    const pairs = Array.from({ length: 3 }, () => ({
      roomId: randomUUID(),
      userIds: [userIds[3], userIds[4]] as [string, string],
    }));
    await createStrangerRooms(db(), pairs);
    const [first, second, third] = pairs.map((p) => p.roomId);
    const [general] = await db().select({ id: room.id }).from(room).where(eq(room.kind, "global"));
    expect(await closeStrangerRooms(db(), [first ?? ""])).toEqual(new Set([first]));
    const closed = await closeStrangerRooms(db(), [
      first ?? "",
      second ?? "",
      general?.id ?? "",
      "unknown",
    ]);
    expect(closed).toEqual(new Set([second]));
    const open = await db()
      .select({ id: room.id, closedAt: room.closedAt })
      .from(room)
      .where(inArray(room.id, [third ?? "", general?.id ?? ""]));
    expect(open.map((r) => r.closedAt)).toEqual([null, null]);
  });
});
