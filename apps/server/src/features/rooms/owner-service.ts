import { createId } from "@paralleldrive/cuid2";
import { LOBBY_CHANNEL, PERMISSION, roomChannel, TOAST } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { RealtimePublisher } from "../../realtime/realtime";
import type { FileStorage } from "../../storage/storage";
import * as ownerQueries from "./owner-queries";
import * as queries from "./queries";
import * as summaries from "./summary-queries";

/*
 * What a room's owner does (SPEC §6 "Room owner"). The database is written first and events
 * go out after the commit, so a client that refetches on an event already finds the change.
 * `rooms_changed` on the lobby tells every room list to refetch when a room appears, changes
 * its lock or goes away.
 */

export interface OwnerDeps {
  db: Database;
  realtime: RealtimePublisher;
  storage: Pick<FileStorage, "removePrefix">;
  logger: Logger;
}

type OwnerCall = { ownerId: string; roomId: string };

/**
 * Why the caller may not run an owner action on the room, or null when they may: unknown,
 * closed and one-to-one rooms are 404, the global rooms and other people's rooms 403.
 */
async function ownerRefusal(db: Database, { ownerId, roomId }: OwnerCall) {
  const room = await queries.findRoom(db, roomId);
  if (!room || room.closedAt || room.kind === "stranger" || room.kind === "direct") {
    return new AppError("NOT_FOUND", PERMISSION.roomNotFound);
  }
  if (room.kind === "global") return new AppError("FORBIDDEN", PERMISSION.globalRoomFixed);
  if (room.ownerId !== ownerId) return new AppError("FORBIDDEN", PERMISSION.notRoomOwner);
  return null;
}

/** A write that matched no room of the caller's: say why (or 404 if it went meanwhile). */
const refused = async (db: Database, call: OwnerCall) =>
  (await ownerRefusal(db, call)) ?? new AppError("NOT_FOUND", PERMISSION.roomNotFound);

export async function create(deps: OwnerDeps, params: { ownerId: string; name: string }) {
  const roomId = createId();
  await ownerQueries.insertRoom(deps.db, {
    id: roomId,
    name: params.name,
    ownerId: params.ownerId,
  });
  const summary = await summaries.findRoomSummary(deps.db, { roomId, userId: params.ownerId });
  if (!summary) throw new AppError("NOT_FOUND", PERMISSION.roomNotFound);
  deps.realtime.publish(LOBBY_CHANNEL, "rooms_changed", { roomId });
  return { message: TOAST.roomCreated, room: summaries.toSummary(summary) };
}

export async function toggleLock(deps: OwnerDeps, call: OwnerCall) {
  const isLocked = await ownerQueries.toggleLock(deps.db, call);
  if (isLocked === null) throw await refused(deps.db, call);
  deps.realtime.publish(LOBBY_CHANNEL, "rooms_changed", { roomId: call.roomId });
  return { message: TOAST.roomLockUpdated, isLocked };
}

/**
 * Bans a member: they leave the room, cannot come back, and every process ends their
 * subscription right after the room (them included) hears `user_banned`. Banning someone
 * already banned succeeds again and sends nothing.
 */
export async function ban(deps: OwnerDeps, call: OwnerCall & { userId: string }) {
  if (call.userId === call.ownerId) {
    throw (
      (await ownerRefusal(deps.db, call)) ?? new AppError("BAD_REQUEST", PERMISSION.cannotBanOwner)
    );
  }
  const outcome = await ownerQueries.banMember(deps.db, call);
  if (!outcome) throw await refused(deps.db, call);
  if (!outcome.wasMember && !outcome.wasBanned) {
    throw new AppError("NOT_FOUND", PERMISSION.userNotInRoom);
  }
  if (outcome.wasMember) {
    const channel = roomChannel(call.roomId);
    deps.realtime.publish(channel, "user_banned", { roomId: call.roomId, userId: call.userId });
    deps.realtime.revoke(channel, [call.userId]);
  }
  return { message: TOAST.userBanned };
}

/**
 * Deletes the room with its messages, members, bans and files. Its members hear
 * `room_closed` (reason "deleted") and lose the channel on every process. Files go after the
 * commit: a storage failure then leaves files no one can reach (they are served to members
 * only, and there are none), never a room without its files; it is logged.
 */
export async function remove(deps: OwnerDeps, call: OwnerCall) {
  const members = await ownerQueries.deleteRoom(deps.db, call);
  if (!members) throw await refused(deps.db, call);
  const { roomId, ownerId } = call;
  const channel = roomChannel(roomId);
  deps.realtime.publish(channel, "room_closed", { roomId, reason: "deleted", byUserId: ownerId });
  deps.realtime.revoke(channel, members);
  try {
    await deps.storage.removePrefix(`chat/${roomId}`);
  } catch (error) {
    deps.logger.error(`rooms: could not remove the files of deleted room ${roomId}`, error);
  }
  deps.realtime.publish(LOBBY_CHANNEL, "rooms_changed", { roomId });
  return { message: TOAST.roomDeleted };
}
