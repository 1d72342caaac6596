import { authed, impl } from "../../rpc/base";

/**
 * Stranger chat is open to guests (authed tier): it is the one thing they may use. The tier
 * sits on the router so it runs before input validation (decision 0006).
 */
const signedIn = impl.room.use(authed);

export const strangerRouter = {
  findStranger: signedIn.findStranger.handler(({ context, input }) =>
    context.services.stranger.find(queueUser(context.user), input.continent),
  ),

  skipStranger: signedIn.skipStranger.handler(({ context, input }) =>
    context.services.stranger.skip(queueUser(context.user), input),
  ),

  cancelStranger: signedIn.cancelStranger.handler(({ context }) =>
    context.services.stranger.cancel(context.user.id),
  ),
};

const queueUser = (user: { id: string; name: string; image?: string | null }) => ({
  id: user.id,
  name: user.name,
  image: user.image ?? null,
});
