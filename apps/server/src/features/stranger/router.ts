import { authed, impl } from "../../rpc/base";

/** Stranger chat is open to guests (authed tier): it is the one thing they may use. */
export const strangerRouter = {
  findStranger: impl.room.findStranger
    .use(authed)
    .handler(({ context, input }) =>
      context.services.stranger.find(queueUser(context.user), input.continent),
    ),

  skipStranger: impl.room.skipStranger
    .use(authed)
    .handler(({ context, input }) =>
      context.services.stranger.skip(queueUser(context.user), input),
    ),

  cancelStranger: impl.room.cancelStranger
    .use(authed)
    .handler(({ context }) => context.services.stranger.cancel(context.user.id)),
};

const queueUser = (user: { id: string; name: string; image?: string | null }) => ({
  id: user.id,
  name: user.name,
  image: user.image ?? null,
});
