import { impl, registered } from "../../rpc/base";
import * as dm from "./dm-service";

/**
 * Direct chats are for registered users (guests: 403 from the tier, before the input is
 * read). Who may use which chat is decided in the queries: mutual follow, or membership.
 */
const member = impl.dm.use(registered);

export const dmRouter = {
  getOrCreateChat: member.getOrCreateChat.handler(({ context, input }) =>
    dm.getOrCreateChat(context.services.db, context.user.id, input.otherUserId),
  ),

  markAsRead: member.markAsRead.handler(({ context, input }) =>
    dm.markAsRead(context.services, { userId: context.user.id, roomId: input.roomId }),
  ),

  getUnreadSummary: member.getUnreadSummary.handler(({ context }) =>
    dm.getUnreadSummary(context.services.db, context.user.id),
  ),

  getLatestMessage: member.getLatestMessage.handler(({ context, input }) =>
    dm.getLatestMessage(context.services.db, {
      userId: context.user.id,
      otherUserId: input.otherUserId,
    }),
  ),
};
