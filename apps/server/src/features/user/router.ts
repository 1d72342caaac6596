import { authed, impl, registered } from "../../rpc/base";
import * as service from "./service";

export const userRouter = {
  getBio: impl.user.getBio
    .use(authed)
    .handler(({ context }) => service.getBio(context.services.db, context.user.id)),

  updateProfile: impl.user.updateProfile
    .use(authed)
    .handler(({ context, input }) =>
      service.updateProfile(context.services.db, context.user.id, input),
    ),

  /** The Following tab: registered users only (guests link an account first). */
  userFollowing: impl.user.userFollowing
    .use(registered)
    .handler(({ context }) => service.userFollowing(context.services.db, context.user.id)),

  checkEmailExists: impl.user.checkEmailExists.handler(({ context, input }) =>
    service.checkEmailExists(context.services, { email: input.email, clientIp: context.clientIp }),
  ),
};
