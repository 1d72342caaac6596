import { VALIDATION } from "@chatsphere/contract";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../errors";

/*
 * Keyset paging for every list procedure. A page's cursor is the sort key of its last row;
 * the next query asks for rows whose key is greater (`(a, b, id) > (...)`) and fetches one
 * row more than the page, so the answer says whether more follow without counting. Unlike an
 * offset, a row added or removed before the cursor shifts nothing: each row shows once.
 * The key travels base64url-encoded so clients treat it as opaque and it fits in any URL.
 */

export type CursorKey = readonly string[];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/**
 * The key in `cursor`, checked against the list's key shape; no cursor is the first page.
 * A cursor the server could not have handed out (or one of another list) is a 400.
 */
export function decodeCursor<T extends z.ZodType<CursorKey>>(
  cursor: string | undefined,
  shape: T,
): z.infer<T> | null {
  if (cursor === undefined) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    decoded = undefined;
  }
  const parsed = shape.safeParse(decoded);
  if (!parsed.success) throw new AppError("BAD_REQUEST", VALIDATION.invalidPageCursor);
  return parsed.data;
}

/** Splits the `limit + 1` rows a query fetched into the page and the next page's cursor. */
export function toPage<T>(rows: T[], limit: number, keyOf: (row: T) => CursorKey) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(keyOf(last)) : null;
  return { items, nextCursor };
}

/** `(columns...) > (values...)`: the rows after a cursor in ascending order of those columns. */
export function after(columns: (AnyColumn | SQL)[], values: CursorKey | null): SQL | undefined {
  if (!values) return undefined;
  const left = sql.join(columns, sql`, `);
  const right = sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
  return sql`(${left}) > (${right})`;
}

/**
 * A timestamp as sort-key text with its microseconds: JavaScript Dates keep only
 * milliseconds, and a key that lost precision would show rows of the same millisecond twice.
 */
export const timestampKey = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The shape of a timestampKey value in a cursor. */
export const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
