/*
 * Helpers for the server's paged lists: every list answers a page of rows and a `nextCursor`
 * (null on the last page); the server refuses pages larger than MAX_PAGE_SIZE.
 */

/** Rows of all loaded pages, each once: a row renamed between two pages could come twice. */
export function flattenPages<P, T>(
  pages: readonly P[] | undefined,
  rowsOf: (page: P) => T[],
  idOf: (row: T) => string,
): T[] {
  const byId = new Map<string, T>();
  for (const page of pages ?? []) for (const row of rowsOf(page)) byId.set(idOf(row), row);
  return [...byId.values()];
}

/**
 * Every row of a list, page after page, for the screens that need the whole of it (the blog
 * editor's tag and category pickers). Stops if the server ever repeats a cursor.
 */
export async function fetchAllPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ rows: T[]; nextCursor: string | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    rows.push(...page.rows);
    if (page.nextCursor === null || seen.has(page.nextCursor)) return rows;
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}
