import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { after, type CursorKey } from "../../../db/page";
import type { Db } from "./blogs";
import { category, tag } from "../../../db/schema";

/** Tags and categories share one shape: an id and a name unique regardless of case. */
const TABLES = { tag, category } as const;
export type TaxonomyKind = keyof typeof TABLES;

/** A page by name ignoring case, after the key (lower(name), id) of the last row shown, one extra. */
export async function listTaxonomy(
  db: Db,
  kind: TaxonomyKind,
  params: { limit: number; after: CursorKey | null },
) {
  const table = TABLES[kind];
  // The key is lowered by the database: JavaScript's toLowerCase may fold letters differently.
  const sortName = sql<string>`lower(${table.name})`;
  return db
    .select({ id: table.id, name: table.name, sortName })
    .from(table)
    .where(after([sortName, table.id], params.after))
    .orderBy(asc(sortName), asc(table.id))
    .limit(params.limit + 1);
}

export async function insertTaxonomy(
  db: Db,
  kind: TaxonomyKind,
  values: { id: string; name: string },
) {
  const table = TABLES[kind];
  const [row] = await db.insert(table).values(values).returning({ id: table.id, name: table.name });
  return row;
}

export async function categoryExists(db: Db, id: string) {
  const [row] = await db.select({ id: category.id }).from(category).where(eq(category.id, id));
  return Boolean(row);
}

export async function countTags(db: Db, ids: string[]) {
  const [row] = await db.select({ n: count() }).from(tag).where(inArray(tag.id, ids));
  return row?.n ?? 0;
}
