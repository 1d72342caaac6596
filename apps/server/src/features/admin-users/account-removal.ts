import { LOBBY_CHANNEL, roomChannel } from "@chatsphere/contract";
import { sql } from "drizzle-orm";
import { avatarKeyPrefix } from "../../auth/account-rules";
import type { Database } from "../../db/client";
import { message, room, roomMember, user } from "../../db/schema";
import type { Logger } from "../../logger";
import type { RealtimePublisher } from "../../realtime/realtime";
import type { FileStorage } from "../../storage/storage";
import { forgetUserCounts } from "./list-queries";
import { rowsOf } from "./queries";

/*
 * Deleting accounts (admin.removeUser, one; admin.deleteAllGuestUsers, a batch at a time).
 *
 * What belongs only to them goes: the rooms they own, and the one-to-one rooms (stranger,
 * direct) nobody else is left in, each with its messages and files; then the rows themselves,
 * whose foreign keys cascade to sessions, accounts, follows, memberships, room bans, comments,
 * feedback and blog posts. Messages they sent in rooms that stay keep their place with no
 * sender (`message.sender_id` is ON DELETE SET NULL) and are shown from DELETED_USER.
 */

export interface DeletedRoom {
  id: string;
  kind: string;
  /** Its members who are not being deleted: they hear that it closed and lose the channel. */
  survivors: string[];
  /** A user room, or one where a file was sent: its folder may hold files. */
  mayHoldFiles: boolean;
}

export interface DeletedAccounts {
  userIds: string[];
  /** Those of them whose picture is one they uploaded (their avatar folder holds it). */
  withPicture: string[];
  rooms: DeletedRoom[];
}

/**
 * Deletes these accounts and what belongs only to them, inside the caller's transaction (the
 * caller has checked and locked the rows). One statement picks the rooms and names their
 * surviving members, one deletes them, one deletes the users: three round trips for a batch.
 */
export async function deleteAccounts(tx: Database, userIds: string[]): Promise<DeletedAccounts> {
  if (userIds.length === 0) return { userIds: [], withPicture: [], rooms: [] };
  const ids = sql.param(userIds);
  const doomed = rowsOf<Omit<DeletedRoom, "mayHoldFiles"> & { may_hold_files: boolean }>(
    await tx.execute(sql`
      with doomed as (
        select r.id from ${room} r where r.owner_id = any(${ids}::text[])
        union
        select m.room_id from ${roomMember} m join ${room} r on r.id = m.room_id
        where m.user_id = any(${ids}::text[]) and r.kind in ('stranger', 'direct')
          and not exists (select 1 from ${roomMember} o
            where o.room_id = m.room_id and o.user_id <> all(${ids}::text[]))
      )
      select r.id, r.kind::text as kind,
        coalesce((select array_agg(o.user_id) from ${roomMember} o
          where o.room_id = r.id and o.user_id <> all(${ids}::text[])), '{}') as survivors,
        r.kind = 'user' or exists (select 1 from ${message} c
          where c.room_id = r.id and c.media_type is not null) as may_hold_files
      from doomed d join ${room} r on r.id = d.id`),
  );
  if (doomed.length > 0) {
    const roomIds = sql.param(doomed.map((r) => r.id));
    await tx.execute(sql`delete from ${room} where id = any(${roomIds}::text[])`);
  }
  const deleted = rowsOf<{ id: string; image: string | null }>(
    await tx.execute(sql`delete from ${user} where id = any(${ids}::text[]) returning id, image`),
  );
  return {
    userIds: deleted.map((row) => row.id),
    withPicture: deleted.filter((row) => row.image !== null).map((row) => row.id),
    rooms: doomed.map(({ may_hold_files, ...r }) => ({ ...r, mayHoldFiles: may_hold_files })),
  };
}

export interface AfterDeleteDeps {
  db: Database;
  realtime: RealtimePublisher;
  storage: Pick<FileStorage, "removePrefix">;
  logger: Logger;
}

/** How many folders are removed at once after a batch (each may be a bucket listing). */
const FILE_REMOVALS_AT_ONCE = 8;

/**
 * After the commit: every process forgets the accounts' sessions and closes their sockets
 * (one message between processes for the whole batch); the members left in a deleted room
 * hear `room_closed` (reason "deleted") and lose its channel; the room lists refetch when a
 * user room went; then the files go, the rooms' folders and the accounts' pictures. A
 * storage failure leaves files nobody can reach (a room's files are served to its members
 * only, and there are none): it is logged, never undone.
 *
 * `everyFolder`: one account removed by hand clears every folder that could be theirs. A
 * batch of the guest purge clears only those that can hold something (a room where a file
 * was sent, an account with its own picture): on a bucket each folder is a listing, and a
 * hundred thousand guests leave many more rooms, almost all without a file.
 */
export async function afterAccountsDeleted(
  deps: AfterDeleteDeps,
  deleted: DeletedAccounts,
  options: { byUserId: string; everyFolder: boolean },
) {
  const { byUserId, everyFolder } = options;
  const { realtime } = deps;
  if (deleted.userIds.length > 0) {
    realtime.sessionsChanged(...deleted.userIds);
    forgetUserCounts(deps.db);
  }
  for (const gone of deleted.rooms) {
    if (gone.survivors.length === 0) continue;
    const channel = roomChannel(gone.id);
    realtime.publish(channel, "room_closed", { roomId: gone.id, reason: "deleted", byUserId });
    realtime.revoke(channel, gone.survivors);
  }
  const userRoom = deleted.rooms.find((r) => r.kind === "user");
  if (userRoom) realtime.publish(LOBBY_CHANNEL, "rooms_changed", { roomId: userRoom.id });
  // `chat/{roomId}`: where a room's files live (messages/chat-files.ts).
  const rooms = everyFolder ? deleted.rooms : deleted.rooms.filter((r) => r.mayHoldFiles);
  const pictures = everyFolder ? deleted.userIds : deleted.withPicture;
  const folders = [
    ...rooms.map((r) => `chat/${r.id}`),
    ...pictures.map((id) => avatarKeyPrefix(id).replace(/\/$/, "")),
  ];
  await removeFolders(deps, folders);
}

async function removeFolders(deps: AfterDeleteDeps, folders: string[]) {
  for (let i = 0; i < folders.length; i += FILE_REMOVALS_AT_ONCE) {
    const slice = folders.slice(i, i + FILE_REMOVALS_AT_ONCE);
    await Promise.all(
      slice.map((folder) =>
        deps.storage.removePrefix(folder).catch((error: unknown) => {
          deps.logger.error(`admin: could not remove the files under ${folder}`, error);
        }),
      ),
    );
  }
}
