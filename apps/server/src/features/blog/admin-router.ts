import { adminOnly, impl } from "../../rpc/base";
import * as service from "./admin-service";
import { storeBlogImage } from "./image-upload";

/**
 * The admin's blog, tag and category procedures. The tier is applied on the router, not
 * per procedure, so it runs before input validation: a non-admin gets 401/403 whatever they
 * send, and learns nothing from validation messages.
 */
const admin = impl.admin.use(adminOnly);

export const adminBlogRouter = {
  deleteBlog: admin.deleteBlog.handler(({ context, input }) =>
    service.deleteBlog(context.services, input.id),
  ),

  listTags: admin.listTags.handler(({ context }) =>
    service.listTaxonomy(context.services.db, "tag"),
  ),

  createTag: admin.createTag.handler(({ context, input }) =>
    service.createTaxonomy(context.services.db, "tag", input.name),
  ),

  listCategories: admin.listCategories.handler(({ context }) =>
    service.listTaxonomy(context.services.db, "category"),
  ),

  createCategory: admin.createCategory.handler(({ context, input }) =>
    service.createTaxonomy(context.services.db, "category", input.name),
  ),

  createBlog: admin.createBlog.handler(({ context, input }) =>
    service.createBlog(context.services.db, context.user.id, input),
  ),

  uploadBlogImage: admin.uploadBlogImage.handler(({ context, input }) =>
    storeBlogImage(context.services.storage, input.image),
  ),
};
