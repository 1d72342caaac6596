import { BRAND } from "./constants";
import type { DashboardMetric, UserType } from "./schemas/admin-users";

/*
 * Texts of Manage Users and the dashboard index (SPEC §2 "Manage Users", "Admin dashboard
 * shell and index", §8 "Admin"). Those of the spec are word for word; the rest are ours.
 */

export const USERS_TEXT = {
  heading: "Manage Users",
  subtitle: "View and manage user accounts, including banning, unbanning, and deleting users.",
  filterLabel: "Filter by name",
  filterPlaceholder: "Enter name...",
  userTypeLabel: "User type",
  userTypes: {
    all: "All Users",
    guest: "Guest Only",
    "non-guest": "Non-Guest Only",
  } satisfies Record<UserType, string>,
  clear: "Clear",
  export: "Export",
  deleteGuestsShort: "Delete Guests",
  deleteGuestsLong: "Delete All Guests",
  deleteGuestsTitle: "Delete All Guest Users",
  deleteGuestsBody:
    "This action will permanently delete all guest users from the system. This cannot be undone. Are you sure you want to continue?",
  cancel: "Cancel",
  continue: "Continue",
  deleting: "Deleting...",
  nameColumn: "Name",
  actionsColumn: "Actions",
  banUser: "Ban User",
  unbanUser: "Unban User",
  deleteUser: "Delete User",
  noName: "N/A",
  noResults: "No results.",
  rowsPerPage: "Rows per page",
  rowActions: (name: string) => `Actions for ${name}`,
  bannedBadge: "Banned",
  guestBadge: "Guest",
  adminBadge: "Admin",
  deleteUserTitle: "Delete this user?",
  deleteUserBody: (name: string) =>
    `${name} and everything only they own (sessions, follows, memberships, their rooms with their messages and files) will be deleted. Their messages in other people's rooms stay, signed "Deleted user". This cannot be undone.`,
  /** Pager (SPEC §2): previous / next arrows and first / last links. */
  previousPage: "Go to previous page",
  nextPage: "Go to next page",
  pageLabel: (page: number) => `Page ${page}`,
  pagination: "Pagination",
  morePages: "More pages",
  totalUsers: (total: number) =>
    `${total.toLocaleString("en-US")} ${total === 1 ? "user" : "users"}`,
  /** The CSV export (SPEC §2): Id, Name, Email, Is Guest. */
  csvColumns: ["Id", "Name", "Email", "Is Guest"] as const,
  csvFileName: (page: number) => `${BRAND.toLowerCase()}-users-page-${page}.csv`,
} as const;

export const ADMIN_TOAST = {
  userBanned: "User banned",
  userUnbanned: "User unbanned",
  userDeleted: "User deleted",
  guestsDeleted: (count: number) =>
    `Deleted ${count.toLocaleString("en-US")} guest ${count === 1 ? "user" : "users"}`,
  actionFailed: (message: string) => `Error: ${message}`,
} as const;

export const DASHBOARD_TEXT = {
  heading: "Dashboard",
  subtitle: "How the community is doing at a glance.",
  metricLabels: {
    totalBlogs: "Total Blogs",
    totalComments: "Total Comments",
    totalUsers: "Total Users",
    activeNow: "Active Now",
    totalLoggedInUsers: "Registered Users",
    totalGuestUsers: "Guest Users",
  } satisfies Record<DashboardMetric, string>,
  activeUsersChart: "Active users per day",
  messagesChart: "Messages per day",
  rangeNote: (days: number) => `Last ${days} days`,
  downloadReport: "Download Report",
  /** The report (SPEC §2): a file named as a dashboard metrics report, columns Metric, Value. */
  reportColumns: ["Metric", "Value"] as const,
  reportFileName: (date: string) => `dashboard-metrics-report-${date}.csv`,
  chartSummary: (label: string, total: number, peak: number, days: number) =>
    `${label}: ${total.toLocaleString("en-US")} in the last ${days} days, at most ${peak.toLocaleString("en-US")} in one day.`,
  dateColumn: "Date",
  countColumn: "Count",
} as const;

/** The server's refusals of admin user actions. */
export const ADMIN_ERROR = {
  cannotBanSelf: "You cannot ban yourself.",
  cannotDeleteSelf: "You cannot delete your own account here.",
  lastAdmin: "The last admin cannot be banned or deleted.",
  userNotFound: "User not found",
  /** admin.deleteAllGuestUsers while this server is already running one (409). */
  guestPurgeRunning: "Guests are already being deleted. Try again once that has finished.",
  /** better-auth's `bannedUserMessage`: a banned user's sign-in is refused with it. */
  bannedSignIn:
    "Your account has been banned. Contact the site's team if you think this is a mistake.",
} as const;
