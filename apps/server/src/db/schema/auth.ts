import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Tables better-auth works on (core + admin + anonymous plugins), written by hand so that
 * drizzle-kit owns every migration. Property names are what better-auth expects; the
 * columns are snake_case through the client's `casing` option.
 */
export const user = pgTable(
  "user",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    role: text().notNull().default("user"),
    banned: boolean().notNull().default(false),
    banReason: text(),
    banExpires: timestamp({ withTimezone: true }),
    isAnonymous: boolean().notNull().default(false),
    bio: text().notNull().default(""),
  },
  (t) => [
    index("user_role_idx").on(t.role),
    // Manage Users' order (newest first) with every column its filter tests: a page is found
    // by walking the index alone, testing names on its entries (admin-users/list-queries.ts).
    // Names are short (NAME_MAX_LENGTH), well within an index entry's limit.
    index("user_created_at_id_name_idx").on(t.createdAt, t.id, t.name),
    // The same for one user type (guests apart from the registered); the guest purge and the
    // dashboard's counts read it instead of every user.
    index("user_is_anonymous_created_at_id_name_idx").on(t.isAnonymous, t.createdAt, t.id, t.name),
    // Manage Users' name filter, a case-insensitive substring (ILIKE '%...%'), among a million
    // users: a trigram index (pg_trgm, loaded into PGlite too; the migration creates it).
    index("user_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's rate-limit counters; kept in the database so every process shares them. */
export const rateLimit = pgTable("rate_limit", {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: "number" }).notNull(),
});

/** Secrets the server generates for itself on first start (e.g. the auth secret). */
export const appSecret = pgTable("app_secret", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
