import { requireAdmin, requireRegistered, requireSession } from "../rpc/tier-checks";
import type { UploadTier } from "./upload-route";

/*
 * The procedure tiers of rpc/base.ts for uploads, which are answered before oRPC runs (so
 * nothing is read for a caller who may not upload): the same checks, as plain functions.
 */
export const signedIn: UploadTier = (session) => requireSession(session);
export const registeredOnly: UploadTier = (session) => requireRegistered(session);
export const adminOnly: UploadTier = requireAdmin;
