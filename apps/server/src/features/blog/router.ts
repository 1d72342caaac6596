import { impl } from "../../rpc/base";
import * as service from "./service";

/** The public blog: anyone may read, signed in or not. */
export const blogRouter = {
  listBlogs: impl.blog.listBlogs.handler(({ context, input }) =>
    service.listBlogs(context.services.db, input),
  ),
  getBlog: impl.blog.getBlog.handler(({ context, input }) =>
    service.getBlog(context.services.db, input.slug),
  ),
  listBlogTags: impl.blog.listBlogTags.handler(({ context, input }) =>
    service.listBlogTags(context.services.db, input.blogId),
  ),
};
