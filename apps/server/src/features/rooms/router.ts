import { authed, impl, registered } from "../../rpc/base";
import * as owner from "./owner-service";
import * as service from "./service";

/*
 * Tiers sit on the router so they run before input validation (decision 0006). Browsing,
 * joining and owning rooms is for registered users; leaving and members also serve stranger
 * rooms. Owner-only rules are in the owner queries' WHERE clauses, not here.
 */
const member = impl.room.use(registered);
const signedIn = impl.room.use(authed);

export const roomsRouter = {
  listRooms: member.listRooms.handler(({ context, input }) =>
    service.listRooms(context.services.db, context.user.id, input),
  ),

  getMyRooms: member.getMyRooms.handler(({ context, input }) =>
    service.getMyRooms(context.services.db, context.user.id, input),
  ),

  join: member.join.handler(({ context, input }) =>
    service.join(context.services.db, { userId: context.user.id, roomId: input.roomId }),
  ),

  markAsRead: member.markAsRead.handler(({ context, input }) =>
    service.markAsRead(context.services.db, { userId: context.user.id, roomId: input.roomId }),
  ),

  create: member.create.handler(({ context, input }) =>
    owner.create(context.services, { ownerId: context.user.id, name: input.name }),
  ),

  toggleLock: member.toggleLock.handler(({ context, input }) =>
    owner.toggleLock(context.services, { ownerId: context.user.id, roomId: input.roomId }),
  ),

  ban: member.ban.handler(({ context, input }) =>
    owner.ban(context.services, {
      ownerId: context.user.id,
      roomId: input.roomId,
      userId: input.userId,
    }),
  ),

  delete: member.delete.handler(({ context, input }) =>
    owner.remove(context.services, { ownerId: context.user.id, roomId: input.id }),
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
