import { authed, impl } from "../../rpc/base";
import * as service from "./service";

/** The tier sits on the router so it runs before input validation (decision 0006). */
const signedIn = impl.user.use(authed);

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

  checkEmailExists: impl.user.checkEmailExists.handler(({ context, input }) =>
    service.checkEmailExists(context.services, { email: input.email, clientIp: context.clientIp }),
  ),
};
