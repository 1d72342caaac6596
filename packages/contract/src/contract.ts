import { oc } from "@orpc/contract";
import { adminContentContract, blogContract, feedbackContract } from "./content-contract";
import { adminSignUpInput, adminSignUpOutput } from "./schemas/admin";
import {
  chatMessageSchema,
  findStrangerInput,
  joinRoomOutput,
  leaveRoomOutput,
  listMessagesOutput,
  listRoomMembersOutput,
  listRoomsOutput,
  roomIdInput,
  sendMessageInput,
  skipStrangerInput,
  strangerStatusOutput,
} from "./schemas/chat";
import {
  bioOutput,
  checkEmailInput,
  checkEmailOutput,
  profileOutput,
  profileSchema,
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
    userFollowing: oc.output(userFollowingOutput),
  },
  admin: {
    signUp: oc.input(adminSignUpInput).output(adminSignUpOutput),
    ...adminContentContract,
  },
  blog: blogContract,
  feedback: feedbackContract,
  room: {
    listRooms: oc.output(listRoomsOutput),
    join: oc.input(roomIdInput).output(joinRoomOutput),
    leave: oc.input(roomIdInput).output(leaveRoomOutput),
    listRoomMembers: oc.input(roomIdInput).output(listRoomMembersOutput),
    findStranger: oc.input(findStrangerInput).output(strangerStatusOutput),
    skipStranger: oc.input(skipStrangerInput).output(strangerStatusOutput),
    /** Stops waiting for a stranger (the Cancel button while searching). */
    cancelStranger: oc.output(strangerStatusOutput),
  },
  message: {
    list: oc.input(roomIdInput).output(listMessagesOutput),
    send: oc.input(sendMessageInput).output(chatMessageSchema),
  },
};

export type Contract = typeof contract;
