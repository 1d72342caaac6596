import { authed, impl, registered } from "../../rpc/base";
import * as service from "./service";

/** The tier sits on the router so it runs before input validation (decision 0006). */
const signedIn = impl.user.use(authed);

/** The Following tab is for registered users (guests link an account first). */
const member = impl.user.use(registered);

export const userRouter = {
  getBio: signedIn.getBio.handler(({ context }) =>
    service.getBio(context.services.db, context.user.id),
  ),

  updateProfile: signedIn.updateProfile.handler(async ({ context, input }) => {
    const profile = await service.updateProfile(context.services.db, context.user.id, input);
    // The new name must show on the next message, on every process, not when the cached
    // session expires.
    context.services.realtime.sessionsChanged(context.user.id);
    return profile;
  }),

  userFollowing: member.userFollowing.handler(({ context, input }) =>
    service.userFollowing(context.services.db, context.user.id, input),
  ),

  checkEmailExists: impl.user.checkEmailExists.handler(({ context, input }) =>
    service.checkEmailExists(context.services, { email: input.email, clientIp: context.clientIp }),
  ),
};
