import { authed, impl, registered } from "../../rpc/base";
import * as service from "./service";

/*
 * Tiers sit on the router so they run before input validation (decision 0006). Browsing and
 * joining rooms is for registered users; leaving and members also serve stranger rooms.
 */
const member = impl.room.use(registered);
const signedIn = impl.room.use(authed);

export const roomsRouter = {
  listRooms: member.listRooms.handler(({ context, input }) =>
    service.listRooms(context.services.db, context.user.id, input),
  ),

  join: member.join.handler(({ context, input }) =>
    service.join(context.services.db, { userId: context.user.id, roomId: input.roomId }),
  ),

  leave: signedIn.leave.handler(({ context, input }) => {
    const { db, realtime, stranger } = context.services;
    return service.leave(
      { db, realtime, leaveStranger: (userId, roomId) => stranger.leave(userId, roomId) },
      { userId: context.user.id, roomId: input.roomId },
    );
  }),

  listRoomMembers: signedIn.listRoomMembers.handler(({ context, input: { roomId, ...page } }) =>
    service.listMembers(context.services.db, { userId: context.user.id, roomId }, page),
  ),
};
