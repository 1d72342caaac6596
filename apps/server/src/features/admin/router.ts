import { impl } from "../../rpc/base";
import { AppError } from "../../errors";
import * as service from "./service";

export const adminRouter = {
  /** Public on purpose: the bootstrap rule inside decides who may create an admin. */
  signUp: impl.admin.signUp.handler(async ({ context, input }) => {
    const { db, auth, rateLimiter } = context.services;
    const allowed = await rateLimiter.hit(`admin-sign-up:${context.clientIp}`, {
      window: 300,
      max: 10,
    });
    if (!allowed)
      throw new AppError("TOO_MANY_REQUESTS", "Too many requests. Please try again later.");
    const authContext = await auth.$context;
    return service.signUpAdmin(
      { db, hashPassword: (password) => authContext.password.hash(password) },
      {
        email: input.email,
        password: input.password,
        callerRole: context.session?.user.role ?? null,
      },
    );
  }),
};
