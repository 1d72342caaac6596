import { createId } from "@paralleldrive/cuid2";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  MAX_PAGE_SIZE,
  PERMISSION,
  ROOM_MEMBERS_PAGE_SIZE,
  ROOMS_PAGE_SIZE,
  VALIDATION,
} from "@chatsphere/contract";
import { room, roomMember } from "../src/db/schema";
import { useTestServer } from "./harness";
import { FORGED_CURSOR, insertUsers, pageThrough, uniqueIds } from "./list-fixtures";

const t = useTestServer();

const db = () => t.server.runtime.services.db;
const publicRoomIds = async () =>
  (
    await db()
      .select({ id: room.id })
      .from(room)
      .where(and(inArray(room.kind, ["global", "user"]), isNull(room.closedAt)))
  ).map((r) => r.id);
const roomCount = async () => (await db().select({ n: count() }).from(room))[0]?.n;
const memberCount = async () => (await db().select({ n: count() }).from(roomMember))[0]?.n;

/**
 * A user room with `members` inserted directly, joined in that order one microsecond apart:
 * within one millisecond, which a cursor holding a JavaScript Date could not tell apart.
 */
async function roomWith(members: string[]) {
  const id = createId();
  await db()
    .insert(room)
    .values({ id, name: `Big ${id}`, kind: "user" });
  const joinedAt = (i: number) =>
    sql`timestamptz '2020-01-01T00:00:00.000Z' + (${i}::int * interval '1 microsecond')`;
  await db()
    .insert(roomMember)
    .values(members.map((userId, i) => ({ roomId: id, userId, joinedAt: joinedAt(i) })));
  return id;
}

describe("room.listRooms pages", () => {
  it("returns every public room exactly once, never more than a page at a time", async () => {
    const ann = await t.server.signUp();
    const owners = await insertUsers(db(), 1, "owner");
    // Same names on purpose: the id breaks the tie, so no room sits on two pages.
    const rooms = Array.from({ length: 2 * MAX_PAGE_SIZE + 7 }, (_, i) => ({
      id: createId(),
      name: i % 10 === 0 ? "Same name" : `Room ${String(i).padStart(3, "0")}`,
      kind: "user" as const,
      ownerId: owners[0],
    }));
    await db().insert(room).values(rooms);
    await db()
      .insert(room)
      .values([
        { id: createId(), name: "Closed", kind: "user", closedAt: new Date() },
        { id: createId(), name: "A stranger chat", kind: "stranger" },
      ]);

    const first = await ann.client.room.listRooms();
    expect(first.rooms).toHaveLength(ROOMS_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));

    const { items, pages } = await pageThrough(async (cursor) => {
      const page = await ann.client.room.listRooms({ limit: MAX_PAGE_SIZE, cursor });
      return { items: page.rooms, nextCursor: page.nextCursor };
    }, MAX_PAGE_SIZE);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(uniqueIds(items).sort()).toEqual((await publicRoomIds()).sort());
  });

  it("refuses a limit over the maximum, a zero limit and a forged cursor (400), changing nothing", async () => {
    const ann = await t.server.signUp();
    const before = { rooms: await roomCount(), members: await memberCount() };
    for (const input of [{ limit: MAX_PAGE_SIZE + 1 }, { limit: 0 }, { cursor: FORGED_CURSOR }]) {
      await expect(ann.client.room.listRooms(input)).rejects.toMatchObject({ status: 400 });
    }
    await expect(ann.client.room.listRooms({ cursor: FORGED_CURSOR })).rejects.toMatchObject({
      message: VALIDATION.invalidPageCursor,
    });
    expect({ rooms: await roomCount(), members: await memberCount() }).toEqual(before);
  });
});

describe("room.listRoomMembers pages", () => {
  it("returns a big room's members in joining order, each once, a newcomer at the end", async () => {
    const ann = await t.server.signUp();
    const others = await insertUsers(db(), 2 * MAX_PAGE_SIZE + 3, "member");
    const roomId = await roomWith([ann.id, ...others]);

    const first = await ann.client.room.listRoomMembers({ roomId });
    expect(first.members).toHaveLength(ROOM_MEMBERS_PAGE_SIZE);
    expect(first.members[0]?.userId).toBe(ann.id);

    const [late] = await insertUsers(db(), 1, "late");
    let joined = false;
    const { items } = await pageThrough(async (cursor) => {
      const page = await ann.client.room.listRoomMembers({ roomId, limit: MAX_PAGE_SIZE, cursor });
      // Someone joins while the list is being read: they show up once, on the last page.
      if (!joined && late) {
        await db().insert(roomMember).values({ roomId, userId: late });
        joined = true;
      }
      return { items: page.members.map((m) => ({ id: m.userId })), nextCursor: page.nextCursor };
    }, MAX_PAGE_SIZE);
    expect(uniqueIds(items)).toEqual([ann.id, ...others, late]);
  });

  it("refuses outsiders on every page (403), even with a member's cursor", async () => {
    const ann = await t.server.signUp();
    const eve = await t.server.signUp();
    const roomId = await roomWith([ann.id, ...(await insertUsers(db(), 3, "crowd"))]);
    const { nextCursor } = await ann.client.room.listRoomMembers({ roomId, limit: 2 });
    expect(nextCursor).toEqual(expect.any(String));
    for (const cursor of [undefined, nextCursor ?? undefined]) {
      await expect(eve.client.room.listRoomMembers({ roomId, cursor })).rejects.toMatchObject({
        status: 403,
        message: PERMISSION.notRoomMember,
      });
    }
  });

  it("gives a member an empty last page when the rest left, not a 403", async () => {
    const ann = await t.server.signUp();
    const [bob, cat] = await insertUsers(db(), 2, "leaver");
    const roomId = await roomWith([ann.id, bob ?? "", cat ?? ""]);
    const { nextCursor } = await ann.client.room.listRoomMembers({ roomId, limit: 2 });
    await db()
      .delete(roomMember)
      .where(eq(roomMember.userId, cat ?? ""));
    await expect(
      ann.client.room.listRoomMembers({ roomId, cursor: nextCursor ?? undefined }),
    ).resolves.toEqual({ members: [], nextCursor: null });
  });

  it("refuses a limit over the maximum (400) and changes no membership", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith([ann.id]);
    const before = await memberCount();
    await expect(
      ann.client.room.listRoomMembers({ roomId, limit: MAX_PAGE_SIZE + 1 }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await memberCount()).toBe(before);
  });
});
