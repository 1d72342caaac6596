import { authed, impl } from "../../rpc/base";
import * as service from "./service";

/** Members only: both procedures check membership in their queries. */
export const messageRouter = {
  list: impl.message.list
    .use(authed)
    .handler(({ context, input }) =>
      service.list(context.services.db, { userId: context.user.id, roomId: input.roomId }),
    ),

  send: impl.message.send.use(authed).handler(({ context, input }) => {
    const { id, name, image } = context.user;
    return service.send(context.services, { id, name, image: image ?? null }, input);
  }),
};
