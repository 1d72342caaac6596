import { adminOnly, impl, registered } from "../../rpc/base";
import * as service from "./service";

// Tiers go on the router (before input validation), so refusals never depend on the payload.
const readers = impl.blog.use(registered);
const admin = impl.admin.use(adminOnly);

/** Reading comments is public; writing one needs a registered (non-guest) account. */
export const commentRouter = {
  listComments: impl.blog.listComments.handler(({ context, input }) =>
    service.listComments(context.services.db, input),
  ),
  createComment: readers.createComment.handler(({ context, input }) =>
    service.createComment(context.services, {
      authorId: context.user.id,
      blogId: input.blogId,
      text: input.text,
    }),
  ),
};

/** Moderation: only admins see the queue and approve. */
export const adminCommentRouter = {
  listPendingComments: admin.listPendingComments.handler(({ context, input }) =>
    service.listPendingComments(context.services.db, input),
  ),
  approveComment: admin.approveComment.handler(({ context, input }) =>
    service.approveComment(context.services.db, input.id, context.user.id),
  ),
};
