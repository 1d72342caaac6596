import { adminRouter } from "../features/admin/router";
import { adminBlogRouter } from "../features/blog/admin-router";
import { blogRouter } from "../features/blog/router";
import { adminCommentRouter, commentRouter } from "../features/comments/router";
import { feedbackRouter } from "../features/feedback/router";
import { userRouter } from "../features/user/router";
import { impl } from "./base";

export const router = impl.router({
  user: userRouter,
  admin: { ...adminRouter, ...adminBlogRouter, ...adminCommentRouter },
  blog: { ...blogRouter, ...commentRouter },
  feedback: feedbackRouter,
});

export type AppRouter = typeof router;
