/*
 * Trust and safety (issue 14): reporting, blocking, consent before strangers' media and links,
 * the bot defence of stranger chat, the moderation queue and the audit log. Not in SPEC.md;
 * the texts are the product's, used by the web and checked by the tests.
 */

export const REPORT_REASONS = ["spam", "harassment", "nudity", "minor", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a reporter picks from (the report dialog's choices, and the queue's reason column). */
export const REPORT_REASON_LABEL: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment",
  nudity: "Nudity or sexual content",
  minor: "Someone under 18",
  other: "Other",
};

export const SAFETY_TEXT = {
  report: "Report",
  reportTitle: (name: string) => `Report ${name}`,
  reportDescription:
    "Tell us what happened. The last messages of this conversation are sent with your report; they are kept as they are now.",
  reasonLabel: "Reason",
  noteLabel: "Note (optional)",
  notePlaceholder: "What should our team know?",
  alsoBlock: "Also block them",
  sendReport: "Send report",
  sendingReport: "Sending...",
  block: "Block",
  unblock: "Unblock",
  blockTitle: (name: string) => `Block ${name}?`,
  blockDescription:
    "You will not be matched with them again, they cannot follow you or message you, and their messages in rooms are hidden for you.",
  blockedUsers: "Blocked users",
  blockedUsersDescription: "People you blocked. Unblock someone to see and meet them again.",
  noBlockedUsers: "You have not blocked anyone.",
  blockedMessage: "Message from a blocked user",
  revealBlocked: "Show",
  hideBlocked: "Hide",
  /** A stranger's photo or video, covered until the viewer chooses to see it. */
  mediaCovered: "Media from a stranger",
  showMedia: "Show",
  alwaysShowMedia: "Always show in this chat",
  /** /profile: external links in stranger chat wait for a tap (off by default). */
  linksOnTapLabel: "Load links from strangers only when I tap",
  linksOnTapDescription:
    "Links a stranger sends stay plain text until you tap them, so their site does not learn your address.",
  linkHeld: (host: string) => `Link to ${host}`,
  openLink: "Open link",
  // The admin area.
  reportsNav: "Reports",
  reportsTitle: "Reports",
  reportsSubtitle: "Open reports from users, oldest first, with the conversation as it was.",
  noReports: "No open reports.",
  auditNav: "Audit log",
  auditTitle: "Audit log",
  auditSubtitle: "Every admin action: who did what, and when.",
  noAudit: "Nothing has been done yet.",
  reporter: "Reporter",
  reported: "Reported user",
  reportedBy: (count: number) =>
    count === 1 ? "Reported by 1 person" : `Reported by ${count} people`,
  snapshot: "Conversation",
  emptySnapshot: "No messages in this conversation.",
  dismiss: "Dismiss",
  banUser: "Ban user",
  deleteMessage: "Delete message",
  pausedBadge: "Paused from stranger chat",
  // The chat side (report and block menus, hidden and covered content, /profile).
  reasonRequired: "Choose a reason.",
  noteCount: (length: number, max: number) => `${length}/${max}`,
  moreOptions: (name: string) => `More options for ${name}`,
  messageOptions: (name: string) => `Options for the message from ${name}`,
  reportMessage: "Report message",
  blocking: "Blocking...",
  blockedOn: (date: string) => `Blocked on ${date}`,
  loadMoreBlocked: "Load more",
  safetyTitle: "Safety",
  safetyDescription: "Choose how stranger chat treats what strangers send you.",
  // The admin area's Reports and Audit log pages.
  deletedAccount: "Deleted account",
  noteHeading: "Note",
  reportedMessage: "Reported message",
  /** A snapshot message that is no longer in its conversation. */
  messageGone: "Deleted",
  /** A snapshot message that was a file of a kind the page has no name for. */
  mediaFile: "File",
  roomKindLabel: {
    global: "Global room",
    user: "Chat room",
    stranger: "Stranger chat",
    direct: "Direct chat",
  },
  banTitle: (name: string) => `Ban ${name}?`,
  banDescription: (name: string) =>
    `${name} is signed out everywhere at once and cannot sign in again. Every open report about them is closed.`,
  deleteMessageTitle: "Delete this message?",
  deleteMessageDescription:
    "It is removed from the conversation for everyone. This report keeps its copy.",
  deleteMessageOf: (name: string, time: string) => `Delete message from ${name} at ${time}`,
  reportCard: (name: string) => `Report about ${name}`,
  auditColumns: {
    when: "When",
    admin: "Admin",
    action: "Action",
    target: "Target",
    detail: "Detail",
  },
} as const;

export const SAFETY_TOAST = {
  reported: "Thanks for reporting. Our team will look at it.",
  blocked: (name: string) => `${name} is blocked.`,
  unblocked: (name: string) => `${name} is unblocked.`,
  settingsSaved: "Settings saved.",
  dismissed: "Report dismissed.",
  bannedFromReport: "User banned.",
  messageDeleted: "Message deleted.",
} as const;

export const SAFETY_ERROR = {
  cannotReportSelf: "You cannot report yourself.",
  notInConversation: "You can only report someone from a conversation you are part of.",
  alreadyReported: "You have already reported this person in this conversation.",
  messageNotInConversation: "That message is not from this person in this conversation.",
  cannotBlockSelf: "You cannot block yourself.",
  /** Follow, direct message or upload between two people when one blocked the other. */
  blocked: "You cannot contact this person.",
  reportNotFound: "Report not found",
  reportDecided: "This report has already been decided.",
  messageNotInReport: "That message is not part of this report.",
  /** Stranger chat refused while the caller is paused (minutes left, rounded up). */
  pausedFor: (minutes: number) =>
    `Stranger chat is paused for your account for ${minutes === 1 ? "1 more minute" : `${minutes} more minutes`}: too many repeated messages or skips.`,
  pausedForReview:
    "Stranger chat is paused for your account while our team reviews reports about it.",
  /** A text sent to one stranger after another (the bot defence's first step). */
  repeatedText:
    "You sent the same message to several strangers in a row. Write to this person, or look for someone new in a minute.",
  /** The first step, before a pause: a short wait. */
  slowDown: (seconds: number) =>
    `Slow down: you can look for a new stranger in ${seconds === 1 ? "1 second" : `${seconds} seconds`}.`,
} as const;

/** Limits of the safety features. */
export const SAFETY_LIMITS = {
  /** Messages of the conversation kept with a report, newest last. */
  snapshotMessages: 50,
  noteMaxLength: 500,
  /** Distinct reporters within `reportWindowHours` that pause someone from stranger chat. */
  reportsToPause: 3,
  reportWindowHours: 24,
  /** Reports a user may file per hour. */
  reportsPerHour: 10,
} as const;

/** What the audit log calls each admin action. */
export const AUDIT_ACTIONS = {
  banUser: "Banned user",
  unbanUser: "Unbanned user",
  removeUser: "Deleted user",
  deleteGuests: "Deleted guests",
  approveComment: "Approved comment",
  deleteBlog: "Deleted blog post",
  dismissReport: "Dismissed report",
  banFromReport: "Banned user from a report",
  deleteReportedMessage: "Deleted reported message",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
