import { oc } from "@orpc/contract";
import { adminContentContract, blogContract, feedbackContract } from "./content-contract";
import { adminSignUpInput, adminSignUpOutput } from "./schemas/admin";
import {
  bioOutput,
  checkEmailInput,
  checkEmailOutput,
  profileOutput,
  profileSchema,
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
  },
  admin: {
    signUp: oc.input(adminSignUpInput).output(adminSignUpOutput),
    ...adminContentContract,
  },
  blog: blogContract,
  feedback: feedbackContract,
};

export type Contract = typeof contract;
