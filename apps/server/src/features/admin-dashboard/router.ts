import { adminOnly, impl } from "../../rpc/base";
import * as service from "./service";

/**
 * The dashboard index's procedures. The tier is on the router (decision 0006): 401 without a
 * session, 403 for anyone but an admin, before anything is read.
 */
const admin = impl.admin.use(adminOnly);

export const adminDashboardRouter = {
  getDashboardMetrics: admin.getDashboardMetrics.handler(({ context }) =>
    service.dashboardMetrics(context.services),
  ),

  getEngagementTrends: admin.getEngagementTrends.handler(({ context }) =>
    service.engagementTrends(context.services.db),
  ),
};
