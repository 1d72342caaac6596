import { authed, impl } from "../../rpc/base";
import * as service from "./service";

/** The tier sits on the router so it runs before input validation (decision 0006). */
const signedIn = impl.user.use(authed);

export const userRouter = {
  getBio: signedIn.getBio.handler(({ context }) =>
    service.getBio(context.services.db, context.user.id),
  ),

  updateProfile: signedIn.updateProfile.handler(({ context, input }) =>
    service.updateProfile(context.services.db, context.user.id, input),
  ),

  checkEmailExists: impl.user.checkEmailExists.handler(({ context, input }) =>
    service.checkEmailExists(context.services, { email: input.email, clientIp: context.clientIp }),
  ),
};
