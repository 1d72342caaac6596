import { adminRouter } from "../features/admin/router";
import { userRouter } from "../features/user/router";
import { impl } from "./base";

export const router = impl.router({
  user: userRouter,
  admin: adminRouter,
});

export type AppRouter = typeof router;
