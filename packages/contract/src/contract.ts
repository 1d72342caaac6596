import { oc } from "@orpc/contract";
import { adminContentContract, blogContract, feedbackContract } from "./content-contract";
import { adminSignUpInput, adminSignUpOutput } from "./schemas/admin";
import {
  adminUserActionOutput,
  adminUserIdInput,
  dashboardMetricsSchema,
  deleteAllGuestUsersOutput,
  engagementTrendsSchema,
  listUsersInput,
  listUsersOutput,
} from "./schemas/admin-users";
import {
  banInput,
  chatMessageSchema,
  createRoomInput,
  createRoomOutput,
  deleteRoomInput,
  findStrangerInput,
  getMyRoomsInput,
  getMyRoomsOutput,
  markAsReadOutput,
  roomActionOutput,
  toggleLockOutput,
  uploadMediaInput,
  uploadMediaOutput,
  joinRoomOutput,
  leaveRoomOutput,
  listMessagesInput,
  listMessagesOutput,
  listRoomMembersInput,
  listRoomMembersOutput,
  listRoomsInput,
  listRoomsOutput,
  roomIdInput,
  sendMessageInput,
  skipStrangerInput,
  strangerStatusOutput,
} from "./schemas/chat";
import {
  dmMarkAsReadOutput,
  getOrCreateChatOutput,
  latestMessageOutput,
  otherUserInput,
  unreadSummarySchema,
} from "./schemas/dm";
import {
  followAttemptInput,
  followAttemptOutput,
  followOutput,
  isFollowingOutput,
  unfollowOutput,
  userIdInput,
} from "./schemas/follow";
import {
  blockedIdsOutput,
  blockInput,
  blockOutput,
  decideReportInput,
  decideReportOutput,
  deleteReportedMessageInput,
  listAuditInput,
  listAuditOutput,
  listBlockedInput,
  listBlockedOutput,
  listReportsInput,
  listReportsOutput,
  reportInput,
  reportOutput,
  safetySettingsSchema,
} from "./schemas/safety";
import {
  bioOutput,
  checkEmailInput,
  checkEmailOutput,
  profileOutput,
  profileSchema,
  userFollowingInput,
  userFollowingOutput,
} from "./schemas/user";

/**
 * The RPC contract (SPEC §7). Every procedure names its input and its output, so the server
 * cannot send a field the contract does not list. Paths follow oRPC's RPC protocol:
 * `/rpc/<router>/<procedure>`.
 */
export const contract = {
  user: {
    getBio: oc.output(bioOutput),
    updateProfile: oc.input(profileSchema).output(profileOutput),
    checkEmailExists: oc.input(checkEmailInput).output(checkEmailOutput),
    userFollowing: oc.input(userFollowingInput).output(userFollowingOutput),
    follow: oc.input(userIdInput).output(followOutput),
    unfollow: oc.input(userIdInput).output(unfollowOutput),
    isFollowing: oc.input(userIdInput).output(isFollowingOutput),
    /** A guest's Follow in stranger chat: tells the other side to expect them once linked. */
    followAttempt: oc.input(followAttemptInput).output(followAttemptOutput),
  },
  dm: {
    getOrCreateChat: oc.input(otherUserInput).output(getOrCreateChatOutput),
    markAsRead: oc.input(roomIdInput).output(dmMarkAsReadOutput),
    getUnreadSummary: oc.output(unreadSummarySchema),
    getLatestMessage: oc.input(otherUserInput).output(latestMessageOutput),
  },
  admin: {
    signUp: oc.input(adminSignUpInput).output(adminSignUpOutput),
    getDashboardMetrics: oc.output(dashboardMetricsSchema),
    getEngagementTrends: oc.output(engagementTrendsSchema),
    listUsers: oc.input(listUsersInput).output(listUsersOutput),
    removeUser: oc.input(adminUserIdInput).output(adminUserActionOutput),
    banUser: oc.input(adminUserIdInput).output(adminUserActionOutput),
    unbanUser: oc.input(adminUserIdInput).output(adminUserActionOutput),
    deleteAllGuestUsers: oc.output(deleteAllGuestUsersOutput),
    // The moderation queue and the audit log (issue 14).
    listReports: oc.input(listReportsInput).output(listReportsOutput),
    decideReport: oc.input(decideReportInput).output(decideReportOutput),
    deleteReportedMessage: oc.input(deleteReportedMessageInput).output(decideReportOutput),
    listAuditLog: oc.input(listAuditInput).output(listAuditOutput),
    ...adminContentContract,
  },
  /** Reporting, blocking and the settings that keep strangers at a distance (issue 14). */
  safety: {
    report: oc.input(reportInput).output(reportOutput),
    block: oc.input(blockInput).output(blockOutput),
    unblock: oc.input(blockInput).output(blockOutput),
    listBlocked: oc.input(listBlockedInput).output(listBlockedOutput),
    blockedIds: oc.output(blockedIdsOutput),
    getSettings: oc.output(safetySettingsSchema),
    updateSettings: oc.input(safetySettingsSchema).output(safetySettingsSchema),
  },
  blog: blogContract,
  feedback: feedbackContract,
  room: {
    listRooms: oc.input(listRoomsInput).output(listRoomsOutput),
    join: oc.input(roomIdInput).output(joinRoomOutput),
    leave: oc.input(roomIdInput).output(leaveRoomOutput),
    listRoomMembers: oc.input(listRoomMembersInput).output(listRoomMembersOutput),
    findStranger: oc.input(findStrangerInput).output(strangerStatusOutput),
    skipStranger: oc.input(skipStrangerInput).output(strangerStatusOutput),
    /** Stops waiting for a stranger (the Cancel button while searching). */
    cancelStranger: oc.output(strangerStatusOutput),
    // Rooms users own (SPEC §4 "Room lifecycle", §6 "Room owner"); owner-only on the server.
    create: oc.input(createRoomInput).output(createRoomOutput),
    getMyRooms: oc.input(getMyRoomsInput).output(getMyRoomsOutput),
    toggleLock: oc.input(roomIdInput).output(toggleLockOutput),
    ban: oc.input(banInput).output(roomActionOutput),
    delete: oc.input(deleteRoomInput).output(roomActionOutput),
    /** The caller has read the room up to now (its unread count drops to 0). */
    markAsRead: oc.input(roomIdInput).output(markAsReadOutput),
  },
  message: {
    list: oc.input(listMessagesInput).output(listMessagesOutput),
    send: oc.input(sendMessageInput).output(chatMessageSchema),
    /** A photo, video or audio file for a room (multipart); its URL is then sent as a message. */
    uploadMedia: oc.input(uploadMediaInput).output(uploadMediaOutput),
  },
};

export type Contract = typeof contract;
