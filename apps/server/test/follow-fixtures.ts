import { and, eq, or } from "drizzle-orm";
import { expect } from "vitest";
import {
  userChannel,
  type EventFrame,
  type RealtimeEventName,
  type RealtimeEvents,
  type ServerFrame,
} from "@chatsphere/contract";
import type { Database } from "../src/db/client";
import { follow, room } from "../src/db/schema";
import type { TestServerHandle, TestUser } from "./harness";
import { openSocket } from "./realtime-helpers";

/** Follow rows written straight into the table (user.follow has its own tests and limits). */
export async function follows(db: Database, ...pairs: [TestUser, TestUser][]) {
  await db
    .insert(follow)
    .values(pairs.map(([from, to]) => ({ followerId: from.id, followingId: to.id })))
    .onConflictDoNothing();
}

export const followEachOther = (db: Database, a: TestUser, b: TestUser) =>
  follows(db, [a, b], [b, a]);

/** Two mutual followers and their direct chat (made by dm.getOrCreateChat). */
export async function directChat(t: TestServerHandle, a: TestUser, b: TestUser) {
  await followEachOther(t.server.runtime.services.db, a, b);
  const { room: chat } = await a.client.dm.getOrCreateChat({ otherUserId: b.id });
  return chat.id;
}

/** The follow rows between two people, either way (what a refused call must not change). */
export const followRowsOf = (db: Database, a: string, b: string) =>
  db
    .select()
    .from(follow)
    .where(
      or(
        and(eq(follow.followerId, a), eq(follow.followingId, b)),
        and(eq(follow.followerId, b), eq(follow.followingId, a)),
      ),
    )
    .orderBy(follow.followerId);

/** The direct rooms (what a refused dm.getOrCreateChat must not add to). */
export const directRooms = (db: Database) =>
  db.select({ id: room.id }).from(room).where(eq(room.kind, "direct")).orderBy(room.id);

type Event<E extends RealtimeEventName> = EventFrame & { event: E; payload: RealtimeEvents[E] };

/** Matches an event by name (and channel, when given). */
export const isEvent =
  <E extends RealtimeEventName>(event: E, channel?: string) =>
  (f: ServerFrame): f is Event<E> =>
    f.type === "event" && f.event === event && (channel === undefined || f.channel === channel);

/** A socket of the user holding their own channel (closed with the server). */
export async function userSocket(t: TestServerHandle, user: TestUser) {
  const socket = t.closeAfter(await openSocket(t.server.wsUrl, user.cookie));
  expect(await socket.sub(userChannel(user.id))).toBe("subscribed");
  return socket;
}
