import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { RoomKind, ServerFrame } from "@chatsphere/contract";
import type { Database } from "../src/db/client";
import { message, room, roomMember } from "../src/db/schema";
import type { TestUser } from "./harness";

/** A user room with these members, made directly (room.join has its own tests and limits). */
export async function roomWith(db: Database, ...members: TestUser[]) {
  return roomOfKind(db, "user", ...members);
}

/** A room of this kind (a stranger or direct chat, say) with these members. */
export async function roomOfKind(db: Database, kind: RoomKind, ...members: TestUser[]) {
  const roomId = `r${randomUUID().replaceAll("-", "")}`;
  await db.insert(room).values({ id: roomId, name: `Room ${roomId}`, kind });
  await db.insert(roomMember).values(members.map((m) => ({ roomId, userId: m.id })));
  return roomId;
}

/** A room's stored messages in their order: what a refused or repeated send must not change. */
export const rowsOf = (db: Database, roomId: string) =>
  db
    .select({ id: message.id, senderId: message.senderId, content: message.content })
    .from(message)
    .where(eq(message.roomId, roomId))
    .orderBy(asc(message.seq));

type MessageEvent = Extract<ServerFrame, { type: "event"; event: "message" }>;

export const isMessageEvent = (f: ServerFrame): f is MessageEvent =>
  f.type === "event" && f.event === "message";
