import { authed, impl, registered } from "../../rpc/base";
import * as service from "./service";

export const userRouter = {
  getBio: impl.user.getBio
    .use(authed)
    .handler(({ context }) => service.getBio(context.services.db, context.user.id)),

  updateProfile: impl.user.updateProfile.use(authed).handler(async ({ context, input }) => {
    const profile = await service.updateProfile(context.services.db, context.user.id, input);
    // The new name must show on the next message, not when the cached session expires.
    context.services.sessions.forgetUser(context.user.id);
    return profile;
  }),

  /** The Following tab: registered users only (guests link an account first). */
  userFollowing: impl.user.userFollowing
    .use(registered)
    .handler(({ context }) => service.userFollowing(context.services.db, context.user.id)),

  checkEmailExists: impl.user.checkEmailExists.handler(({ context, input }) =>
    service.checkEmailExists(context.services, { email: input.email, clientIp: context.clientIp }),
  ),
};
