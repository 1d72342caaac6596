import type { BetterAuthOptions } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { cleanDisplayName, displayNameField, VALIDATION } from "@chatsphere/contract";
import type { FileStorage } from "../storage/storage";

/** Where a user's own uploaded picture lives; nothing else may become their `image`. */
export const avatarKeyPrefix = (userId: string) => `avatars/${userId}/`;

/** Whether `url` is a picture this server stored for this user (or empty: the generated one). */
export async function isOwnPicture(storage: FileStorage, userId: string, url: unknown) {
  if (url === null || url === undefined || url === "") return true;
  if (typeof url !== "string") return false;
  const key = storage.keyOf(url);
  if (!key?.startsWith(avatarKeyPrefix(userId))) return false;
  const file = await storage.read(key);
  await file?.body.cancel();
  return file !== null;
}

const badRequest = (message: string) => new APIError("BAD_REQUEST", { message });

export interface AccountRuleDeps {
  storage: FileStorage;
  /** A user's sessions ended or their account changed: tell every process (decisions 0013, 0016). */
  onSessionsChanged(userId: string): void;
}

/**
 * What better-auth must enforce beyond its own checks:
 * - a name people typed (sign-up, update-user) follows the display-name rules or is refused
 *   with their text; a picture is only one this server stored for that user, never a URL
 *   that would make other people's browsers call a stranger's host;
 * - whatever else writes a user (an OAuth profile, the admin API) is cleaned, not trusted;
 * - a session that ends or a user that changes, by whoever and whichever endpoint (sign-out,
 *   an admin's ban or set-role, a reset by e-mailed token, a removal), reaches every process
 *   under the AFFECTED user's id. The hooks run after the transaction commits, so another
 *   process that re-reads the session finds it gone.
 */
export function accountRules(deps: AccountRuleDeps) {
  const before = createAuthMiddleware(async (ctx) => {
    const watched = ["/sign-up/email", "/update-user", "/delete-user"];
    if (!watched.includes(ctx.path)) return;
    const body = (ctx.body ?? {}) as { name?: unknown; image?: unknown; password?: unknown };
    // Global hooks run before the endpoint has read its session.
    const session = ctx.path === "/sign-up/email" ? null : await getSessionFromCtx(ctx);
    if (ctx.path === "/delete-user") {
      // Deleting a registered account takes its password, however fresh the session: a
      // borrowed or stolen cookie must not be enough to erase someone. Guests have none.
      const hasPassword = typeof body.password === "string" && body.password.length > 0;
      if (session && !session.user.isAnonymous && !hasPassword) {
        throw badRequest(VALIDATION.passwordToDelete);
      }
      return;
    }
    if (body.name !== undefined || ctx.path === "/sign-up/email") {
      const name = displayNameField.safeParse(body.name ?? "");
      if (!name.success) throw badRequest(name.error.issues[0]?.message ?? VALIDATION.nameRequired);
    }
    if (body.image === undefined) return;
    const userId = session?.user.id;
    const own = userId ? await isOwnPicture(deps.storage, userId, body.image) : !body.image;
    if (!own) throw badRequest(VALIDATION.imageNotAllowed);
  });

  let pending = new Set<string>();
  const changed = (userId: string) => {
    // One ban both updates the user and deletes their sessions: tell the others once.
    if (pending.size === 0) {
      queueMicrotask(() => {
        const users = pending;
        pending = new Set();
        users.forEach((id) => deps.onSessionsChanged(id));
      });
    }
    pending.add(userId);
  };

  const databaseHooks: BetterAuthOptions["databaseHooks"] = {
    user: {
      create: {
        before: async (user) => ({
          data: { ...user, name: cleanDisplayName(user.name ?? ""), image: null },
        }),
      },
      update: {
        before: async (user) => {
          const data = { ...user };
          if (typeof data.name === "string") data.name = cleanDisplayName(data.name);
          const image = data.image;
          const stored = typeof image === "string" && image.startsWith("/files/avatars/");
          if (image !== undefined && image !== null && !stored) data.image = null;
          return { data };
        },
        after: async (user) => changed(user.id),
      },
      delete: { after: async (user) => changed(user.id) },
    },
    session: {
      delete: { after: async (session) => changed(session.userId) },
    },
  };

  return { hooks: { before }, databaseHooks };
}
