import { oc } from "@orpc/contract";
import { adminContentContract, blogContract, feedbackContract } from "./content-contract";
import { adminSignUpInput, adminSignUpOutput } from "./schemas/admin";
import {
  chatMessageSchema,
  findStrangerInput,
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
  },
  admin: {
    signUp: oc.input(adminSignUpInput).output(adminSignUpOutput),
    ...adminContentContract,
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
  },
  message: {
    list: oc.input(listMessagesInput).output(listMessagesOutput),
    send: oc.input(sendMessageInput).output(chatMessageSchema),
  },
};

export type Contract = typeof contract;
