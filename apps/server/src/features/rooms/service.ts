import { PERMISSION, roomChannel, TOAST } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { RealtimePublisher } from "../../realtime/realtime";
import * as queries from "./queries";

export async function listRooms(db: Database, userId: string) {
  return { rooms: await queries.listRooms(db, { userId }) };
}

/** Joins a global or user room; banned users and, for locked rooms, non-members may not. */
export async function join(db: Database, params: { userId: string; roomId: string }) {
  const room = await queries.findRoom(db, params.roomId);
  if (!room || room.closedAt || (room.kind !== "global" && room.kind !== "user")) {
    throw new AppError("NOT_FOUND", PERMISSION.roomNotFound);
  }
  if (await queries.isBanned(db, params)) {
    throw new AppError("FORBIDDEN", PERMISSION.bannedFromRoom);
  }
  if (room.isLocked && !(await queries.isMember(db, params))) {
    throw new AppError("FORBIDDEN", PERMISSION.roomLocked);
  }
  await queries.addMember(db, params);
  const summary = await queries.findRoomSummary(db, params);
  if (!summary) throw new AppError("NOT_FOUND", PERMISSION.roomNotFound);
  return { message: TOAST.joinedRoom, room: summary };
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

export async function listMembers(db: Database, params: { userId: string; roomId: string }) {
  const members = await queries.listMembers(db, params);
  if (members.length === 0) throw new AppError("FORBIDDEN", PERMISSION.notRoomMember);
  return { members };
}
