import { createId } from "@paralleldrive/cuid2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { admin, anonymous } from "better-auth/plugins";
import {
  ADMIN_ERROR,
  BRAND,
  GUEST_EMAIL_DOMAIN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@chatsphere/contract";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import * as schema from "../db/schema";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import type { RateLimiter } from "../rate-limit/rate-limiter";
import type { FileStorage } from "../storage/storage";
import { accountRules } from "./account-rules";
import { moveGuestData } from "./guest-link";
import { resetPasswordMail } from "./mails";
import { scopeBetterAuthStorages } from "../scoped-storage";

/** The header our HTTP layer fills with the caller's address (see http/client-ip.ts). */
export const CLIENT_IP_HEADER = "x-chatsphere-client-ip";

export interface AuthDeps {
  config: Pick<
    Config,
    | "publicUrl"
    | "ALLOWED_ORIGINS"
    | "GOOGLE_CLIENT_ID"
    | "GOOGLE_CLIENT_SECRET"
    | "FACEBOOK_CLIENT_ID"
    | "FACEBOOK_CLIENT_SECRET"
  >;
  secret: string;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  storage: FileStorage;
  /** Its counters (memory, or Redis shared by every process) also count auth calls. */
  rateLimiter: RateLimiter;
  /** A user's sessions ended or changed (any endpoint, any caller): see account-rules.ts. */
  onSessionsChanged(userId: string): void;
  /**
   * Deletes a user's own account and what belongs only to them, as an admin's removal does
   * (admin-users/service.ts removeOwnAccount); throws an AppError to refuse it.
   */
  removeOwnAccount(userId: string): Promise<void>;
}

/**
 * better-auth's admin endpoints, closed over HTTP: Manage Users' procedures (admin.banUser,
 * removeUser, ...) are the only way in, with their rules (never oneself, never the last admin,
 * files and rooms cleaned up, every process told). The plugin stays for what it adds to
 * sign-in (roles, a banned user's refusal). Decision 0028.
 */
export const CLOSED_ADMIN_PATHS = [
  "/admin/set-role",
  "/admin/get-user",
  "/admin/create-user",
  "/admin/update-user",
  "/admin/list-users",
  "/admin/list-user-sessions",
  "/admin/unban-user",
  "/admin/ban-user",
  "/admin/impersonate-user",
  "/admin/stop-impersonating",
  "/admin/revoke-user-session",
  "/admin/revoke-user-sessions",
  "/admin/remove-user",
  "/admin/set-user-password",
  "/admin/has-permission",
];

function socialProviders(config: AuthDeps["config"]) {
  return {
    ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
      : {}),
    ...(config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET
      ? {
          facebook: {
            clientId: config.FACEBOOK_CLIENT_ID,
            clientSecret: config.FACEBOOK_CLIENT_SECRET,
          },
        }
      : {}),
  };
}

/** better-auth's start-up advice for multi-host setups; we pass each request's own origin. */
const NO_BASE_URL_WARNING = "Base URL is not set";

export function createAuth(deps: AuthDeps) {
  const { config, secret, db, mailer, logger } = deps;
  const rules = accountRules(deps);
  // Its storages enabled only while one of its calls runs, not for the life of the process.
  scopeBetterAuthStorages();
  return betterAuth({
    appName: BRAND,
    // Unset without PUBLIC_URL: better-auth then takes the base URL, its trusted origin and
    // the OAuth callback from each request, which http/auth-route.ts rebuilds on the address
    // the person opened (decision 0014).
    baseURL: config.publicUrl ?? undefined,
    basePath: "/api/auth",
    secret,
    trustedOrigins: config.ALLOWED_ORIGINS,
    hooks: rules.hooks,
    databaseHooks: rules.databaseHooks,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send(resetPasswordMail({ to: user.email, name: user.name, url }));
      },
    },
    socialProviders: socialProviders(config),
    account: {
      accountLinking: { enabled: true, trustedProviders: ["google", "facebook"] },
    },
    disabledPaths: CLOSED_ADMIN_PATHS,
    user: {
      deleteUser: {
        enabled: true,
        // Everything of theirs goes first, in one transaction, as in an admin's removal; the
        // endpoint then finds only their sessions' cookies left to clear.
        async beforeDelete(user) {
          try {
            await deps.removeOwnAccount(user.id);
          } catch (error) {
            if (error instanceof AppError) {
              throw new APIError(error.code, { message: error.message });
            }
            throw error;
          }
        },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    plugins: [
      anonymous({
        emailDomainName: GUEST_EMAIL_DOMAIN,
        generateName: () => `Guest ${Math.floor(1000 + Math.random() * 9000)}`,
        // Runs before the plugin deletes the guest: their chats move to the account.
        async onLinkAccount({ anonymousUser, newUser }) {
          if (newUser.user.isAnonymous || newUser.user.id === anonymousUser.user.id) return;
          await moveGuestData(db, { guestId: anonymousUser.user.id, userId: newUser.user.id });
        },
      }),
      // A banned user's sign-in is refused with this text (admin.banUser, Manage Users).
      admin({
        defaultRole: "user",
        adminRoles: ["admin"],
        bannedUserMessage: ADMIN_ERROR.bannedSignIn,
      }),
    ],
    rateLimit: {
      enabled: true,
      customStorage: {
        async consume(key, rule) {
          const retryAfter = await deps.rateLimiter.consume(`auth:${key}`, rule);
          return { allowed: retryAfter === null, retryAfter };
        },
      },
      window: 60,
      max: 200,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-in/anonymous": { window: 60, max: 20 },
        "/sign-in/social": { window: 60, max: 20 },
        "/sign-up/email": { window: 60, max: 10 },
        "/change-password": { window: 60, max: 5 },
        "/request-password-reset": { window: 300, max: 5 },
        "/reset-password": { window: 300, max: 10 },
        "/get-session": { window: 60, max: 600 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // One cookie name on every address; `Secure` is added per request when the site is
      // served over https (http/auth-route.ts), so a LAN address over http still works.
      useSecureCookies: false,
      // better-auth skips its origin and callbackURL checks when NODE_ENV is "test": the
      // procedure tests must meet the checks production has.
      disableOriginCheck: false,
      database: { generateId: () => createId() },
    },
    logger: {
      log: (level, message) => {
        if (message.includes(NO_BASE_URL_WARNING)) return;
        if (level === "error") logger.error(`auth: ${message}`);
        else if (level === "warn") logger.warn(`auth: ${message}`);
        else logger.debug(`auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
