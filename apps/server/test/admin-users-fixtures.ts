import { count, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { ADMIN_ERROR } from "@chatsphere/contract";
import type { Database } from "../src/db/client";
import { session, user } from "../src/db/schema";
import { randomIp, type TestServer } from "./harness";

/*
 * What the Manage Users tests share (admin-users.test.ts, hostile/admin-users.test.ts,
 * cross-process-admin.services.test.ts): users made straight in the database, and the
 * questions asked of it afterwards.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let batch = 0;

/**
 * `count` accounts inserted in one statement (thousands of sign-ins through the API would be
 * slow and trip the limits), one second apart in creation time, the last the newest, each
 * with a session when `withSessions`. Returns their ids, oldest first.
 */
export async function insertAccounts(
  db: Database,
  params: { count: number; prefix: string; isAnonymous: boolean; withSessions?: boolean },
) {
  const tag = `${params.prefix}-${Date.now().toString(36)}-${++batch}`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into ${user} (id, name, email, is_anonymous, created_at, updated_at)
      select ${tag} || '-' || lpad(i::text, 6, '0'), ${params.prefix} || ' ' || i,
        ${tag} || '-' || i || '@example.com', ${params.isAnonymous},
        now() - make_interval(secs => ${params.count} - i), now()
      from generate_series(1, ${params.count}::int) as i
      order by i
      returning id`),
  );
  if (params.withSessions) {
    await db.execute(sql`
      insert into ${session} (id, token, user_id, expires_at)
      select 's-' || u, 't-' || u, u, now() + interval '1 day'
      from unnest(${sql.param(rows.map((r) => r.id))}::text[]) as u`);
  }
  return rows.map((row) => row.id);
}

/** Every foreign key that points at `user`, as (table, column): read from the catalog. */
export async function userForeignKeys(db: Database) {
  return rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as table_name, a.attname as column_name
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = '"user"'::regclass
      order by 1, 2`),
  );
}

/** For each table and column that references users, how many rows name this id. */
export async function rowsReferencing(db: Database, userId: string) {
  const counts: Record<string, number> = {};
  for (const fk of await userForeignKeys(db)) {
    const column = `"${fk.column_name.replaceAll('"', '""')}"`;
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${sql.raw(fk.table_name)} where ${sql.raw(column)} = ${userId}`,
      ),
    );
    counts[`${fk.table_name}.${fk.column_name}`] = row?.n ?? 0;
  }
  return counts;
}

export async function userRow(db: Database, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  return row ?? null;
}

export async function sessionCount(db: Database, userId: string) {
  const [row] = await db.select({ n: count() }).from(session).where(eq(session.userId, userId));
  return row?.n ?? 0;
}

/** An e-mail sign-in, answered as better-auth answers it (status and body). */
export async function signInAnswer(server: TestServer, email: string, password = "password123") {
  const response = await server.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

/** The sign-in of a banned account is refused with the ban's text. */
export async function expectSignInBanned(server: TestServer, email: string) {
  const answer = await signInAnswer(server, email);
  expect(answer.status).toBe(403);
  expect(answer.body.message).toBe(ADMIN_ERROR.bannedSignIn);
}
