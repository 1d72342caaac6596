import { adminOnly, impl, registered } from "../../rpc/base";
import * as service from "./service";

// Tiers go on the router (before input validation), so refusals never depend on the payload.
const users = impl.feedback.use(registered);
const admin = impl.feedback.use(adminOnly);

/** Registered users send feedback and read their own; the admin reads everyone's. */
export const feedbackRouter = {
  create: users.create.handler(({ context, input }) =>
    service.createFeedback(context.services, { userId: context.user.id, message: input.message }),
  ),
  listUser: users.listUser.handler(({ context, input }) =>
    service.listOwnFeedbacks(context.services.db, context.user.id, input),
  ),
  list: admin.list.handler(({ context, input }) =>
    service.listAllFeedbacks(context.services.db, input),
  ),
};
