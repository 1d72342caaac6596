import { z } from "zod";
import { MAX_PAGE_SIZE } from "../content-limits";
import { CONTENT_VALIDATION } from "../content-messages";

/** Ids of blog content are cuid2 (SPEC §5: "categoryId a cuid"). */
export const idField = z.cuid2(CONTENT_VALIDATION.invalidId);
export const idInput = z.object({ id: idField });

export const pageFields = {
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE),
  offset: z.number().int().min(0).max(1_000_000),
};

export const sortOrder = z.enum(["asc", "desc"]);

/** Dates travel as Date objects (oRPC's RPC protocol keeps their type). */
export const dateField = z.date();
