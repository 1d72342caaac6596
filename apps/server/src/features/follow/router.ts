import { authed, impl, registered } from "../../rpc/base";
import { userFollowing } from "./lists";
import * as service from "./service";

/*
 * Following is for registered users: guests get 403 from the tier, before their input is
 * read (decision 0006), and link an account first. The one exception is a guest's follow
 * attempt in stranger chat, which only tells the stranger. No e-mail leaves in any answer.
 */
const member = impl.user.use(registered);
const signedIn = impl.user.use(authed);

export const followRouter = {
  follow: member.follow.handler(({ context, input }) =>
    service.follow(context.services, context.user, input.userId),
  ),

  unfollow: member.unfollow.handler(({ context, input }) =>
    service.unfollow(context.services, context.user, input.userId),
  ),

  isFollowing: member.isFollowing.handler(({ context, input }) =>
    service.isFollowing(context.services.db, context.user.id, input.userId),
  ),

  userFollowing: member.userFollowing.handler(({ context, input }) =>
    userFollowing(context.services.db, context.user.id, input),
  ),

  followAttempt: signedIn.followAttempt.handler(({ context, input }) =>
    service.followAttempt(context.services, context.user, input.roomId),
  ),
};
