import {
  PERMISSION,
  ROOM_MEMBERS_PAGE_SIZE,
  ROOMS_PAGE_SIZE,
  roomChannel,
  TOAST,
  type CursorPageInput,
} from "@chatsphere/contract";
import { z } from "zod";
import type { Database } from "../../db/client";
import { decodeCursor, TIMESTAMP_KEY, toPage } from "../../db/page";
import { AppError } from "../../errors";
import type { RealtimePublisher } from "../../realtime/realtime";
import * as queries from "./queries";
import * as summaries from "./summary-queries";

type Page = NonNullable<CursorPageInput>;

/** Sort keys of the lists' cursors: (kind, name, id), (lastActivity, id) and (joinedAt, userId). */
const roomKey = z.tuple([z.enum(["global", "user"]), z.string(), z.string()]);
const myRoomKey = z.tuple([z.string().regex(TIMESTAMP_KEY), z.string()]);
const memberKey = z.tuple([z.string().regex(TIMESTAMP_KEY), z.string()]);

export async function listRooms(db: Database, userId: string, page: Page = {}) {
  const limit = page.limit ?? ROOMS_PAGE_SIZE;
  const rows = await summaries.listRooms(db, {
    userId,
    limit,
    after: decodeCursor(page.cursor, roomKey),
  });
  const { items, nextCursor } = toPage(rows, limit, (r) => [r.kind, r.name, r.id]);
  return { rooms: items.map(summaries.toSummary), nextCursor };
}

/**
 * The caller's rooms, most recently active first. A room that becomes active while someone
 * pages moves to the top, above their cursor: it shows on the next refetch of the first page
 * (the web refetches on messages and rooms_changed), never twice.
 */
export async function getMyRooms(db: Database, userId: string, page: Page = {}) {
  const limit = page.limit ?? ROOMS_PAGE_SIZE;
  const rows = await summaries.listMyRooms(db, {
    userId,
    limit,
    before: decodeCursor(page.cursor, myRoomKey),
  });
  const { items, nextCursor } = toPage(rows, limit, (r) => [r.activityKey, r.id]);
  return {
    rooms: items.map(({ activityKey: _key, ...row }) => summaries.toSummary(row)),
    nextCursor,
  };
}

const isPublicKind = (kind: string) => kind === "global" || kind === "user";

/**
 * Joins a global or user room; banned users and, for locked rooms, non-members may not. The
 * checks and the insert share a transaction holding the room row (see findRoomForJoin).
 */
export async function join(db: Database, params: { userId: string; roomId: string }) {
  await db.transaction(async (tx) => {
    const room = await queries.findRoomForJoin(tx, params.roomId);
    if (!room || room.closedAt || !isPublicKind(room.kind)) {
      throw new AppError("NOT_FOUND", PERMISSION.roomNotFound);
    }
    if (await queries.isBanned(tx, params)) {
      throw new AppError("FORBIDDEN", PERMISSION.bannedFromRoom);
    }
    if (room.isLocked && !(await queries.isMember(tx, params))) {
      throw new AppError("FORBIDDEN", PERMISSION.roomLocked);
    }
    await queries.addMember(tx, params);
  });
  const summary = await summaries.findRoomSummary(db, params);
  if (!summary) throw new AppError("NOT_FOUND", PERMISSION.roomNotFound);
  return { message: TOAST.joinedRoom, room: summaries.toSummary(summary) };
}

/** The caller has read the room up to now: members only. */
export async function markAsRead(db: Database, params: { userId: string; roomId: string }) {
  if (!(await queries.markRead(db, params))) {
    throw new AppError("FORBIDDEN", PERMISSION.notRoomMember);
  }
  return { unreadCount: 0 as const };
}

export interface LeaveDeps {
  db: Database;
  realtime: RealtimePublisher;
  /** Stranger rooms end the match for both sides (the stranger service). */
  leaveStranger(userId: string, roomId: string): Promise<void>;
}

export async function leave(deps: LeaveDeps, params: { userId: string; roomId: string }) {
  const room = await queries.findRoom(deps.db, params.roomId);
  if (!room) throw new AppError("NOT_FOUND", PERMISSION.roomNotFound);
  if (room.kind === "stranger") {
    await deps.leaveStranger(params.userId, params.roomId);
    return { message: TOAST.leftRoom };
  }
  if (room.kind === "direct") throw new AppError("FORBIDDEN", PERMISSION.notAuthorized);
  if (!(await queries.removeMember(deps.db, params))) {
    throw new AppError("FORBIDDEN", PERMISSION.notRoomMember);
  }
  deps.realtime.revoke(roomChannel(params.roomId), [params.userId]);
  return { message: TOAST.leftRoom };
}

export async function listMembers(
  db: Database,
  params: { userId: string; roomId: string },
  page: Page = {},
) {
  const limit = page.limit ?? ROOM_MEMBERS_PAGE_SIZE;
  const after = decodeCursor(page.cursor, memberKey);
  const rows = await queries.listMembers(db, { ...params, limit, after });
  // Outsiders get no rows (membership is in the WHERE); a member can too, past the last page.
  if (rows.length === 0 && !(await queries.isMember(db, params))) {
    throw new AppError("FORBIDDEN", PERMISSION.notRoomMember);
  }
  const { items, nextCursor } = toPage(rows, limit, (r) => [r.joinedKey, r.userId]);
  return { members: items.map(({ userId, user }) => ({ userId, user })), nextCursor };
}
