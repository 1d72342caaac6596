import { z } from "zod";
import { signUpSchema } from "./auth";

export const adminSignUpInput = signUpSchema;
export const adminSignUpOutput = z.object({ id: z.string(), email: z.string() });
