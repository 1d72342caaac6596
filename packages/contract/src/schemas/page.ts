import { z } from "zod";
import { MAX_PAGE_SIZE } from "../content-limits";

/**
 * Longest cursor the server hands out. A cursor is the sort key of a page's last row (a name
 * of at most 90 characters and an id), base64url-encoded, so 1024 leaves room for any script.
 */
export const CURSOR_MAX_LENGTH = 1024;

/**
 * One page of a list the server orders: at most `limit` rows (never more than MAX_PAGE_SIZE;
 * each list has its own default) after `cursor`, the `nextCursor` of the page before.
 * Cursors rather than offsets: rows added or removed between two pages shift nothing, so
 * paging shows every row once.
 */
export const cursorPageFields = {
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z
    .string()
    .min(1)
    .max(CURSOR_MAX_LENGTH)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
};

/** The input of a list whose whole input is its page: calling it without one stays valid. */
export const cursorPageInput = z.object(cursorPageFields).optional();
export type CursorPageInput = z.infer<typeof cursorPageInput>;

/** Where the next page starts; null on the last page. */
export const nextCursorField = z.string().nullable();
