import { asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./blogs";
import { category, tag } from "../../../db/schema";

/** Tags and categories share one shape: an id and a name unique regardless of case. */
const TABLES = { tag, category } as const;
export type TaxonomyKind = keyof typeof TABLES;

export async function listTaxonomy(db: Db, kind: TaxonomyKind) {
  const table = TABLES[kind];
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
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
