import {
  ADMIN_ERROR,
  PERMISSION,
  type ListUsersInput,
  type AuditAction,
  type ListUsersOutput,
} from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { RealtimePublisher } from "../../realtime/realtime";
import type { FileStorage } from "../../storage/storage";
import { afterAccountsDeleted, deleteAccounts } from "./account-removal";
import { countUsersShared, readMatchesFirst, usersPage } from "./list-queries";
import { recordAudit } from "../../moderation/audit-log";
import * as queries from "./queries";

/*
 * Manage Users (SPEC §2, §7 admin.listUsers, banUser, unbanUser, removeUser). The database is
 * written first; sessions are forgotten, sockets closed and files removed after the commit.
 */

export interface AdminUsersDeps {
  db: Database;
  realtime: RealtimePublisher;
  storage: Pick<FileStorage, "removePrefix">;
  logger: Logger;
}

/** An admin acting on an account: who acts, on whom. */
export interface AdminAction {
  adminId: string;
  userId: string;
}

/**
 * A page of users, newest first, with the totals the pager needs. A page past the end is
 * empty with the true totals; a page in the second half is read from the oldest end, so the
 * last page of a million users costs what the first does; the way the page is found follows
 * from the count (list-queries.ts).
 */
export async function listUsers(db: Database, input: ListUsersInput): Promise<ListUsersOutput> {
  const filter = { name: input.filter.name || undefined, userType: input.filter.userType };
  const { page, limit } = input;
  const total = await countUsersShared(db, filter);
  const totalPages = Math.ceil(total / limit);
  const offset = (page - 1) * limit;
  const totals = { total, totalPages, hasNextPage: page < totalPages, hasPreviousPage: page > 1 };
  if (offset >= total) return { users: [], ...totals };
  const fromOldest = offset > total / 2;
  // From the oldest end, the page's last row is `total - end` from there.
  const end = Math.min(offset + limit, total);
  const skipped = fromOldest ? total - end : offset;
  const range = filter.name ? await countUsersShared(db, { userType: filter.userType }) : total;
  const matchesFirst = readMatchesFirst({
    name: filter.name,
    matches: total,
    range,
    skipped,
    limit: end - offset,
  });
  const rows = await usersPage(db, {
    filter,
    offset: skipped,
    limit: end - offset,
    fromOldest,
    matchesFirst,
  });
  return { users: fromOldest ? rows.reverse() : rows, ...totals };
}

/**
 * Checks an action on another account, inside its transaction, after locking the active
 * admins (queries.lockActiveAdmins): the target exists (404), is not the only admin left who
 * is not banned (400), and the caller is still such an admin (403: a ban or removal that
 * committed since the caller's request was authorized).
 */
async function checkAction(tx: Database, action: AdminAction, procedure: string) {
  const admins = await queries.lockActiveAdmins(tx);
  const target = await queries.lockUser(tx, action.userId);
  if (!target) throw new AppError("NOT_FOUND", ADMIN_ERROR.userNotFound);
  if (admins.includes(target.id) && admins.length <= 1) {
    throw new AppError("BAD_REQUEST", ADMIN_ERROR.lastAdmin);
  }
  if (!admins.includes(action.adminId)) {
    throw new AppError("FORBIDDEN", PERMISSION.notAllowed(procedure));
  }
  return target;
}

/**
 * Bans at once, everywhere: the user is marked banned and their sessions are deleted in one
 * transaction; then every process forgets them and closes their sockets. better-auth's admin
 * plugin refuses their next sign-in with ADMIN_ERROR.bannedSignIn (auth.ts). Banning someone
 * already banned succeeds again.
 */
export async function banUser(
  deps: AdminUsersDeps,
  action: AdminAction,
  audit: { action: AuditAction; detail?: string } = { action: "banUser" },
) {
  if (action.userId === action.adminId) {
    throw new AppError("BAD_REQUEST", ADMIN_ERROR.cannotBanSelf);
  }
  await deps.db.transaction(async (tx) => {
    const target = await checkAction(tx, action, "admin.banUser");
    await queries.setBanned(tx, action.userId, true);
    await queries.deleteSessionsOf(tx, action.userId);
    await recordAudit(tx, {
      adminId: action.adminId,
      targetId: target.id,
      target: target.name,
      ...audit,
    });
  });
  deps.realtime.sessionsChanged(action.userId);
  return { userId: action.userId };
}

/** Lets the user sign in again (they have no session to restore: the ban deleted them). */
export async function unbanUser(deps: AdminUsersDeps, action: AdminAction) {
  await deps.db.transaction(async (tx) => {
    const admins = await queries.lockActiveAdmins(tx);
    const target = await queries.lockUser(tx, action.userId);
    if (!target) throw new AppError("NOT_FOUND", ADMIN_ERROR.userNotFound);
    if (!admins.includes(action.adminId)) {
      throw new AppError("FORBIDDEN", PERMISSION.notAllowed("admin.unbanUser"));
    }
    await queries.setBanned(tx, action.userId, false);
    await recordAudit(tx, {
      adminId: action.adminId,
      action: "unbanUser",
      targetId: target.id,
      target: target.name,
    });
  });
  return { userId: action.userId };
}

/** Deletes the account and what belongs only to them (account-removal.ts). */
export async function removeUser(deps: AdminUsersDeps, action: AdminAction) {
  if (action.userId === action.adminId) {
    throw new AppError("BAD_REQUEST", ADMIN_ERROR.cannotDeleteSelf);
  }
  const deleted = await deps.db.transaction(async (tx) => {
    const target = await checkAction(tx, action, "admin.removeUser");
    await recordAudit(tx, {
      adminId: action.adminId,
      action: "removeUser",
      targetId: target.id,
      target: target.name,
    });
    return deleteAccounts(tx, [action.userId]);
  });
  await afterAccountsDeleted(deps, deleted, { byUserId: action.adminId, everyFolder: true });
  return { userId: action.userId };
}

/**
 * A user deleting their own account (better-auth's /delete-user, which checked the password):
 * what belongs only to them goes as in removeUser. The last admin who is not banned cannot
 * leave the site without one.
 */
export async function removeOwnAccount(deps: AdminUsersDeps, userId: string) {
  const deleted = await deps.db.transaction(async (tx) => {
    const admins = await queries.lockActiveAdmins(tx);
    if (admins.includes(userId) && admins.length <= 1) {
      throw new AppError("BAD_REQUEST", ADMIN_ERROR.lastAdmin);
    }
    return deleteAccounts(tx, [userId]);
  });
  await afterAccountsDeleted(deps, deleted, { byUserId: userId, everyFolder: true });
}
