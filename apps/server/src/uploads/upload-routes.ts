import { blogImageUpload } from "../features/blog/image-upload";
import { mediaUpload } from "../features/messages/media-upload";
import type { UploadRoute } from "./upload-route";

/**
 * Every upload procedure of the contract. The RPC listener hands these paths to the upload
 * listener before oRPC sees them; one entry per upload.
 */
export const uploadRoutes: readonly UploadRoute[] = [blogImageUpload, mediaUpload];
