import { adminRouter } from "../features/admin/router";
import { messageRouter } from "../features/messages/router";
import { roomsRouter } from "../features/rooms/router";
import { strangerRouter } from "../features/stranger/router";
import { userRouter } from "../features/user/router";
import { impl } from "./base";

export const router = impl.router({
  user: userRouter,
  admin: adminRouter,
  room: { ...roomsRouter, ...strangerRouter },
  message: messageRouter,
});

export type AppRouter = typeof router;
