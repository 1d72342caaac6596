import { createId } from "@paralleldrive/cuid2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, anonymous } from "better-auth/plugins";
import {
  BRAND,
  GUEST_EMAIL_DOMAIN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@chatsphere/contract";
import type { Config } from "../config";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { resetPasswordMail } from "./mails";

/** The header our HTTP layer fills with the caller's address (see http/client-ip.ts). */
export const CLIENT_IP_HEADER = "x-chatsphere-client-ip";

export interface AuthDeps {
  config: Pick<
    Config,
    | "publicUrl"
    | "GOOGLE_CLIENT_ID"
    | "GOOGLE_CLIENT_SECRET"
    | "FACEBOOK_CLIENT_ID"
    | "FACEBOOK_CLIENT_SECRET"
  >;
  secret: string;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  trustedOrigins: string[];
}

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

export function createAuth({ config, secret, db, mailer, logger, trustedOrigins }: AuthDeps) {
  return betterAuth({
    appName: BRAND,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins,
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
    user: { deleteUser: { enabled: true } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    plugins: [
      anonymous({
        emailDomainName: GUEST_EMAIL_DOMAIN,
        generateName: () => `Guest ${Math.floor(1000 + Math.random() * 9000)}`,
      }),
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
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
      database: { generateId: () => createId() },
    },
    logger: {
      log: (level, message) => {
        if (level === "error") logger.error(`auth: ${message}`);
        else if (level === "warn") logger.warn(`auth: ${message}`);
        else logger.debug(`auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
