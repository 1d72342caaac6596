import { nameFromEmail, PERMISSION } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import * as queries from "./queries";

export interface AdminSignUpDeps {
  db: Database;
  hashPassword: (password: string) => Promise<string>;
}

/**
 * Admin bootstrap rule (ARCHITECTURE "Security rules"): `/admin/sign-up` creates an admin only
 * while no admin exists, or when a signed-in admin submits it. The check and the insert run in
 * one transaction under an advisory lock, so two first sign-ups racing cannot both win.
 */
export async function signUpAdmin(
  deps: AdminSignUpDeps,
  params: { email: string; password: string; callerRole: string | null },
) {
  const email = params.email.toLowerCase();
  const passwordHash = await deps.hashPassword(params.password);
  return deps.db.transaction(async (tx) => {
    await queries.lockAdminCreation(tx);
    if (params.callerRole !== "admin" && (await queries.countAdmins(tx)) > 0) {
      throw new AppError("FORBIDDEN", PERMISSION.adminExists);
    }
    if (await queries.findUserIdByEmail(tx, email)) {
      throw new AppError("CONFLICT", PERMISSION.emailTaken);
    }
    return queries.insertAdmin(tx, { email, name: nameFromEmail(email), passwordHash });
  });
}
