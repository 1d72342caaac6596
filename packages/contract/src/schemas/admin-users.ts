import { z } from "zod";
import { NAME_MAX_LENGTH, USERS_DEFAULT_PAGE_SIZE, USERS_MAX_PAGE_SIZE } from "../constants";
import { chatIdField } from "./chat";

/*
 * Manage Users (SPEC §2 "Manage Users", §3 "Admin user record", "User list response", §5
 * "Users list search parameters", §7 admin.listUsers, removeUser, banUser, unbanUser,
 * deleteAllGuestUsers).
 */

export const USER_TYPES = ["all", "guest", "non-guest"] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * The page's search parameters, with the fallbacks of SPEC §5: page >= 1 (else 1), limit 1 to
 * 50 (else 10), userType one of USER_TYPES (else all); name optional.
 */
export const usersSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(USERS_MAX_PAGE_SIZE)
    .catch(USERS_DEFAULT_PAGE_SIZE)
    .default(USERS_DEFAULT_PAGE_SIZE),
  name: z.string().max(NAME_MAX_LENGTH).optional().catch(undefined),
  userType: z.enum(USER_TYPES).catch("all").default("all"),
});
export type UsersSearch = z.infer<typeof usersSearchSchema>;

/** admin.listUsers: the server validates strictly (the page's URL already fell back). */
export const listUsersInput = z.object({
  page: z.number().int().min(1).max(1_000_000),
  limit: z.number().int().min(1).max(USERS_MAX_PAGE_SIZE),
  filter: z.object({
    name: z.string().trim().max(NAME_MAX_LENGTH).optional(),
    userType: z.enum(USER_TYPES),
  }),
});
export type ListUsersInput = z.infer<typeof listUsersInput>;

/** SPEC §3 "Admin user record". */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAnonymous: z.boolean(),
  banned: z.boolean(),
  role: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listUsersOutput = z.object({
  users: z.array(adminUserSchema),
  /** Every user the filter matches (the pager's last page is computed from it). */
  total: z.number().int().min(0),
  totalPages: z.number().int().min(0),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
});
export type ListUsersOutput = z.infer<typeof listUsersOutput>;

export const adminUserIdInput = z.object({ userId: chatIdField });
export const adminUserActionOutput = z.object({ userId: z.string() });
export const deleteAllGuestUsersOutput = z.object({ deletedCount: z.number().int().min(0) });

/*
 * The dashboard index (SPEC §2 "Admin dashboard shell and index", §7 getDashboardMetrics,
 * getEngagementTrends).
 */

export const DASHBOARD_METRICS = [
  "totalBlogs",
  "totalComments",
  "totalUsers",
  "activeNow",
  "totalLoggedInUsers",
  "totalGuestUsers",
] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];

export const dashboardMetricsSchema = z.object(
  Object.fromEntries(DASHBOARD_METRICS.map((key) => [key, z.number().int().min(0)])) as Record<
    DashboardMetric,
    z.ZodNumber
  >,
);
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;

/** One day of a chart: the UTC date (YYYY-MM-DD) and its count; every day of the range. */
export const dailyCountSchema = z.object({ date: z.string(), count: z.number().int().min(0) });
export type DailyCount = z.infer<typeof dailyCountSchema>;

export const engagementTrendsSchema = z.object({
  range: z.object({ days: z.number().int().min(1) }),
  activeUsersPerDay: z.array(dailyCountSchema),
  messagesPerDay: z.array(dailyCountSchema),
});
export type EngagementTrends = z.infer<typeof engagementTrendsSchema>;
