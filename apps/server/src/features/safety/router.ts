import { authed, impl } from "../../rpc/base";
import * as blocks from "./blocks";
import { createReport } from "./reports";
import * as settings from "./settings";

/*
 * Trust and safety (issue 14). Everyone with a session may report and block, guests too (most
 * strangers are guests). The moderation queue and the audit log are Manage Users' (admin-users).
 */
const signedIn = impl.safety.use(authed);

export const safetyRouter = {
  report: signedIn.report.handler(({ context, input }) =>
    createReport(context.services, context.user, input),
  ),
  block: signedIn.block.handler(({ context, input }) =>
    blocks.block(context.services, context.user, input.userId),
  ),
  unblock: signedIn.unblock.handler(({ context, input }) =>
    blocks.unblock(context.services, context.user, input.userId),
  ),
  listBlocked: signedIn.listBlocked.handler(({ context, input }) =>
    blocks.listBlocked(context.services.db, context.user.id, input),
  ),
  blockedIds: signedIn.blockedIds.handler(({ context }) =>
    blocks.blockedIds(context.services.db, context.user.id),
  ),
  getSettings: signedIn.getSettings.handler(({ context }) =>
    settings.getSettings(context.services.db, context.user.id),
  ),
  updateSettings: signedIn.updateSettings.handler(({ context, input }) =>
    settings.updateSettings(context.services.db, context.user.id, input),
  ),
};
