import { authed, impl } from "../../rpc/base";
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

  checkEmailExists: impl.user.checkEmailExists.handler(({ context, input }) =>
    service.checkEmailExists(context.services, { email: input.email, clientIp: context.clientIp }),
  ),
};
