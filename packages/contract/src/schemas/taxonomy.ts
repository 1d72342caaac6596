import { z } from "zod";
import { TAXONOMY_NAME_MAX_LENGTH } from "../content-limits";
import { CONTENT_VALIDATION } from "../content-messages";
import { VALIDATION } from "../messages";
import { idField } from "./content-common";
import { cursorPageInput, nextCursorField } from "./page";

/** Tag and category names (SPEC §5: min 1, 'Name is required'). */
export const taxonomyNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, VALIDATION.nameRequired)
    .max(TAXONOMY_NAME_MAX_LENGTH, CONTENT_VALIDATION.nameTooLong),
});
export type TaxonomyNameInput = z.infer<typeof taxonomyNameSchema>;

export const taxonomyItem = z.object({ id: idField, name: z.string() });
export type TaxonomyItem = z.infer<typeof taxonomyItem>;
export const taxonomyList = z.array(taxonomyItem);

/** Tags and categories a page at a time, ordered by name ignoring case. */
export const taxonomyPageInput = cursorPageInput;
export const listTagsOutput = z.object({ tags: taxonomyList, nextCursor: nextCursorField });
export const listCategoriesOutput = z.object({
  categories: taxonomyList,
  nextCursor: nextCursorField,
});
