import { adminOnly, impl } from "../../rpc/base";
import * as service from "./admin-service";

/**
 * The admin's blog, tag and category procedures. The tier is applied on the router, not
 * per procedure, so it runs before input validation: a non-admin gets 401/403 whatever they
 * send, and learns nothing from validation messages.
 */
const admin = impl.admin.use(adminOnly);

export const adminBlogRouter = {
  deleteBlog: admin.deleteBlog.handler(({ context, input }) =>
    service.deleteBlog(context.services, input.id, context.user.id),
  ),

  listTags: admin.listTags.handler(async ({ context, input }) => {
    const page = await service.listTaxonomy(context.services.db, "tag", input);
    return { tags: page.items, nextCursor: page.nextCursor };
  }),

  createTag: admin.createTag.handler(({ context, input }) =>
    service.createTaxonomy(context.services.db, "tag", input.name),
  ),

  listCategories: admin.listCategories.handler(async ({ context, input }) => {
    const page = await service.listTaxonomy(context.services.db, "category", input);
    return { categories: page.items, nextCursor: page.nextCursor };
  }),

  createCategory: admin.createCategory.handler(({ context, input }) =>
    service.createTaxonomy(context.services.db, "category", input.name),
  ),

  createBlog: admin.createBlog.handler(({ context, input }) =>
    service.createBlog(context.services.db, context.user.id, input),
  ),

  /*
   * Served over HTTP by the upload listener (uploads/, route in image-upload.ts), which checks
   * the tier and the size before a byte of the body is read; the RPC listener never hands this
   * path to oRPC. The procedure is here because the contract names it.
   */
  uploadBlogImage: admin.uploadBlogImage.handler(() => {
    throw new Error("admin.uploadBlogImage is served by the upload listener");
  }),
};
