import { authed, impl, registered } from "../../rpc/base";
import * as service from "./service";

/** Browsing and joining rooms is for registered users; leaving and members also serve stranger rooms. */
export const roomsRouter = {
  listRooms: impl.room.listRooms
    .use(registered)
    .handler(({ context }) => service.listRooms(context.services.db, context.user.id)),

  join: impl.room.join
    .use(registered)
    .handler(({ context, input }) =>
      service.join(context.services.db, { userId: context.user.id, roomId: input.roomId }),
    ),

  leave: impl.room.leave.use(authed).handler(({ context, input }) => {
    const { db, realtime, stranger } = context.services;
    return service.leave(
      { db, realtime, leaveStranger: (userId, roomId) => stranger.leave(userId, roomId) },
      { userId: context.user.id, roomId: input.roomId },
    );
  }),

  listRoomMembers: impl.room.listRoomMembers
    .use(authed)
    .handler(({ context, input }) =>
      service.listMembers(context.services.db, { userId: context.user.id, roomId: input.roomId }),
    ),
};
