/**
 * Slug derivation (SPEC §5): lowercase; underscores and whitespace become hyphens; anything
 * other than a-z, 0-9 and hyphen is removed; repeated hyphens collapse; edges trimmed.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
