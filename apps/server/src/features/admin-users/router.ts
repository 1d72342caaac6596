import { adminOnly, impl } from "../../rpc/base";
import { listAudit } from "./audit-list";
import { deleteAllGuests } from "./guest-purge";
import * as moderation from "./moderation";
import * as service from "./service";

/**
 * Manage Users (SPEC §7 admin.listUsers, banUser, unbanUser, removeUser, deleteAllGuestUsers).
 * The tier is on the router, so it runs before input validation: anyone but an admin gets
 * 401/403 whatever they send.
 */
const admin = impl.admin.use(adminOnly);

export const adminUsersRouter = {
  listUsers: admin.listUsers.handler(({ context, input }) =>
    service.listUsers(context.services.db, input),
  ),

  banUser: admin.banUser.handler(({ context, input }) =>
    service.banUser(context.services, { adminId: context.user.id, userId: input.userId }),
  ),

  unbanUser: admin.unbanUser.handler(({ context, input }) =>
    service.unbanUser(context.services, { adminId: context.user.id, userId: input.userId }),
  ),

  removeUser: admin.removeUser.handler(({ context, input }) =>
    service.removeUser(context.services, { adminId: context.user.id, userId: input.userId }),
  ),

  deleteAllGuestUsers: admin.deleteAllGuestUsers.handler(({ context }) =>
    deleteAllGuests(context.services, { adminId: context.user.id }),
  ),

  // The moderation queue and the audit log (issue 14).
  listReports: admin.listReports.handler(({ context, input }) =>
    moderation.listReports(context.services.db, input),
  ),
  decideReport: admin.decideReport.handler(({ context, input }) =>
    moderation.decideReport(context.services, context.user.id, input),
  ),
  deleteReportedMessage: admin.deleteReportedMessage.handler(({ context, input }) =>
    moderation.deleteReportedMessage(context.services, context.user.id, input),
  ),
  listAuditLog: admin.listAuditLog.handler(({ context, input }) =>
    listAudit(context.services.db, input),
  ),
};
