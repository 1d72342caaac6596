import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MATCH_TIMEOUT_MS,
  SKIP_COOLDOWN_MS,
  TEXT,
  roomChannel,
  userChannel,
  type RealtimeEventName,
} from "@chatsphere/contract";
import { createLogger } from "../../logger";
import type { RealtimePublisher } from "../../realtime/realtime";
import type { StrangerRoomStore } from "./room-store";
import { createMemoryQueue } from "./queue/memory";
import type { QueueUser } from "./queue/types";
import { StrangerService } from "./service";

interface Published {
  channel: string;
  event: RealtimeEventName;
  payload: unknown;
}

function setup() {
  const online = new Set<string>();
  const published: Published[] = [];
  const rooms = new Map<string, { members: string[]; closed: boolean }>();
  const realtime: RealtimePublisher = {
    publish: (channel, event, payload) => void published.push({ channel, event, payload }),
    revoke: () => undefined,
    sessionsChanged: () => undefined,
    isOnline: (id) => Promise.resolve(online.has(id)),
    onlineAmong: (ids) => Promise.resolve(ids.filter((id) => online.has(id))),
  };
  const store: StrangerRoomStore = {
    create: async (r) => void rooms.set(r.roomId, { members: [...r.userIds], closed: false }),
    close: async (roomId) => {
      const r = rooms.get(roomId);
      if (!r || r.closed) return false;
      r.closed = true;
      return true;
    },
    isMember: async ({ roomId, userId }) => Boolean(rooms.get(roomId)?.members.includes(userId)),
  };
  const queue = createMemoryQueue({ isOnline: (id) => online.has(id) });
  const service = new StrangerService({
    rooms: store,
    queue,
    realtime,
    logger: createLogger("silent"),
  });
  let n = 0;
  const user = (): QueueUser => {
    const u = { id: `u${++n}`, name: `User ${n}`, image: null };
    online.add(u.id);
    return u;
  };
  const eventsOf = (userId: string, event: RealtimeEventName) =>
    published.filter((p) => p.channel === userChannel(userId) && p.event === event);
  const matchedRoom = (userId: string) => {
    const last = eventsOf(userId, "stranger_matched").at(-1);
    return (last?.payload as { room: { id: string; partner: { id: string } } } | undefined)?.room;
  };
  return { service, online, published, rooms, user, eventsOf, matchedRoom };
}

beforeEach(() => {
  // setImmediate stays real: the room batcher flushes on it.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => vi.useRealTimers());

describe("stranger matching", () => {
  it("pairs two waiting users of one region in a room with both as members", async () => {
    const t = setup();
    const [ann, bob] = [t.user(), t.user()];
    await expect(t.service.find(ann, "Europe")).resolves.toEqual({ status: "waiting" });
    await expect(t.service.find(bob, "Europe")).resolves.toEqual({ status: "matched" });
    const room = t.matchedRoom(ann.id);
    expect(room?.partner).toEqual({ id: bob.id, name: bob.name, image: null });
    expect(t.matchedRoom(bob.id)?.partner.id).toBe(ann.id);
    expect(t.rooms.get(room?.id ?? "")?.members.sort()).toEqual([ann.id, bob.id].sort());
  });

  it("sends a lone user back to idle after 10 s with the no-match reason", async () => {
    const t = setup();
    const ann = t.user();
    await t.service.find(ann, "World");
    await vi.advanceTimersByTimeAsync(MATCH_TIMEOUT_MS - 1);
    expect(t.eventsOf(ann.id, "stranger_no_matches")).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.eventsOf(ann.id, "stranger_no_matches")[0]?.payload).toEqual({
      reason: TEXT.noMatchReason,
    });
    expect(t.eventsOf(ann.id, "stranger_idle")).toHaveLength(1);
    // The server enforces it too: a newcomer does not get the user who stopped waiting.
    await expect(t.service.find(t.user(), "World")).resolves.toEqual({ status: "waiting" });
  });

  it("keeps regions apart: World matches World, Europe matches Europe", async () => {
    const t = setup();
    const [eu, asia, world, eu2] = [t.user(), t.user(), t.user(), t.user()];
    await t.service.find(eu, "Europe");
    await expect(t.service.find(asia, "Asia")).resolves.toEqual({ status: "waiting" });
    await expect(t.service.find(world, "World")).resolves.toEqual({ status: "waiting" });
    await expect(t.service.find(eu2, "Europe")).resolves.toEqual({ status: "matched" });
    expect(t.matchedRoom(eu2.id)?.partner.id).toBe(eu.id);
  });

  it("never matches a user who went offline", async () => {
    const t = setup();
    const [ann, bob] = [t.user(), t.user()];
    await t.service.find(ann, "World");
    t.online.delete(ann.id);
    await expect(t.service.find(bob, "World")).resolves.toEqual({ status: "waiting" });
    t.online.delete(bob.id);
    await expect(t.service.find(bob, "World")).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("puts each of many simultaneous users in exactly one match", async () => {
    const t = setup();
    const users = Array.from({ length: 40 }, () => t.user());
    await Promise.all(users.map((u) => t.service.find(u, "World")));
    const memberships = [...t.rooms.values()].flatMap((r) => r.members);
    expect(t.rooms.size).toBe(20);
    expect(new Set(memberships).size).toBe(40);
    for (const u of users) expect(t.eventsOf(u.id, "stranger_matched")).toHaveLength(1);
  });
});

describe("skip", () => {
  it("re-queues both sides, tells the skipped one, and does not pair them again for 10 s", async () => {
    const t = setup();
    const [ann, bob] = [t.user(), t.user()];
    await t.service.find(ann, "World");
    await t.service.find(bob, "World");
    const roomId = t.matchedRoom(ann.id)?.id ?? "";
    await expect(
      t.service.skip(ann, { roomId, continent: "World", requeueOther: true }),
    ).resolves.toEqual({ status: "waiting" });
    expect(t.rooms.get(roomId)?.closed).toBe(true);
    expect(t.eventsOf(bob.id, "stranger_skipped")[0]?.payload).toEqual({ roomId });
    expect(t.eventsOf(bob.id, "stranger_waiting")).toHaveLength(1);
    const closed = t.published.find((p) => p.channel === roomChannel(roomId));
    expect(closed).toMatchObject({ event: "room_closed", payload: { reason: "skipped" } });
    // Both wait, side by side, without being paired again.
    expect(t.eventsOf(ann.id, "stranger_matched")).toHaveLength(1);
    expect(t.eventsOf(bob.id, "stranger_matched")).toHaveLength(1);
    // A newcomer gets one of them.
    const cat = t.user();
    await expect(t.service.find(cat, "World")).resolves.toEqual({ status: "matched" });
  });

  it("lets the pair meet again once the cool-down is over", async () => {
    const t = setup();
    const [ann, bob] = [t.user(), t.user()];
    await t.service.find(ann, "World");
    await t.service.find(bob, "World");
    const roomId = t.matchedRoom(ann.id)?.id ?? "";
    await t.service.skip(ann, { roomId, continent: "World", requeueOther: false });
    expect(t.eventsOf(bob.id, "stranger_idle")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SKIP_COOLDOWN_MS - 1000);
    await expect(t.service.find(bob, "World")).resolves.toEqual({ status: "waiting" });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(t.service.find(ann, "World")).resolves.toEqual({ status: "matched" });
    expect(t.matchedRoom(ann.id)?.partner.id).toBe(bob.id);
  });

  it("refuses to skip a room the caller was never in (403)", async () => {
    const t = setup();
    const [ann, bob, eve] = [t.user(), t.user(), t.user()];
    await t.service.find(ann, "World");
    await t.service.find(bob, "World");
    const roomId = t.matchedRoom(ann.id)?.id ?? "";
    await expect(
      t.service.skip(eve, { roomId, continent: "World", requeueOther: true }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(t.rooms.get(roomId)?.closed).toBe(false);
  });
});

describe("leave and disconnect", () => {
  it("leave closes the room for the other side without re-queuing them", async () => {
    const t = setup();
    const [ann, bob] = [t.user(), t.user()];
    await t.service.find(ann, "World");
    await t.service.find(bob, "World");
    const roomId = t.matchedRoom(ann.id)?.id ?? "";
    await t.service.leave(ann.id, roomId);
    const closed = t.published.find((p) => p.event === "room_closed");
    expect(closed).toMatchObject({ payload: { roomId, reason: "left", byUserId: ann.id } });
    expect(t.eventsOf(ann.id, "stranger_idle")).toHaveLength(1);
    // Bob was not re-queued by the server: a newcomer waits instead of getting him.
    await expect(t.service.find(t.user(), "World")).resolves.toEqual({ status: "waiting" });
  });

  it("a disconnect ends the chat for the other side and drops a waiting user from the queue", async () => {
    const t = setup();
    const [ann, bob, cat] = [t.user(), t.user(), t.user()];
    await t.service.find(ann, "World");
    await t.service.find(bob, "World");
    const roomId = t.matchedRoom(ann.id)?.id ?? "";
    t.online.delete(ann.id);
    await t.service.handleOffline(ann.id);
    const closed = t.published.find((p) => p.event === "room_closed");
    expect(closed).toMatchObject({ payload: { roomId, reason: "disconnected" } });

    await t.service.find(cat, "World");
    await t.service.handleOffline(cat.id);
    await expect(t.service.find(t.user(), "World")).resolves.toEqual({ status: "waiting" });
  });

  it("starting again while matched ends the old chat first", async () => {
    const t = setup();
    const [ann, bob, cat] = [t.user(), t.user(), t.user()];
    await t.service.find(ann, "World");
    await t.service.find(bob, "World");
    const first = t.matchedRoom(ann.id)?.id ?? "";
    await t.service.find(cat, "World");
    await expect(t.service.find(ann, "World")).resolves.toEqual({ status: "matched" });
    expect(t.rooms.get(first)?.closed).toBe(true);
    expect(t.matchedRoom(ann.id)?.partner.id).toBe(cat.id);
  });
});
