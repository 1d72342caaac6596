import { authed, impl } from "../../rpc/base";
import * as service from "./service";

/** Members only: list and send check membership in their queries. Tier first (decision 0006). */
const signedIn = impl.message.use(authed);

export const messageRouter = {
  list: signedIn.list.handler(({ context, input }) =>
    service.list(context.services, { ...input, userId: context.user.id }),
  ),

  send: signedIn.send.handler(({ context, input }) => {
    const { id, name, image } = context.user;
    return service.send(context.services, { id, name, image: image ?? null }, input);
  }),

  uploadMedia: signedIn.uploadMedia.handler(() => {
    throw new Error("message.uploadMedia is served by the upload listener (media-upload.ts)");
  }),
};
