import { adminRouter } from "../features/admin/router";
import { adminDashboardRouter } from "../features/admin-dashboard/router";
import { adminUsersRouter } from "../features/admin-users/router";
import { adminBlogRouter } from "../features/blog/admin-router";
import { blogRouter } from "../features/blog/router";
import { adminCommentRouter, commentRouter } from "../features/comments/router";
import { feedbackRouter } from "../features/feedback/router";
import { followRouter } from "../features/follow/router";
import { dmRouter } from "../features/messages/dm-router";
import { messageRouter } from "../features/messages/router";
import { roomsRouter } from "../features/rooms/router";
import { safetyRouter } from "../features/safety/router";
import { strangerRouter } from "../features/stranger/router";
import { userRouter } from "../features/user/router";
import { impl } from "./base";

export const router = impl.router({
  user: { ...userRouter, ...followRouter },
  admin: {
    ...adminRouter,
    ...adminBlogRouter,
    ...adminCommentRouter,
    ...adminUsersRouter,
    ...adminDashboardRouter,
  },
  safety: safetyRouter,
  blog: { ...blogRouter, ...commentRouter },
  feedback: feedbackRouter,
  room: { ...roomsRouter, ...strangerRouter },
  message: messageRouter,
  dm: dmRouter,
});

export type AppRouter = typeof router;
