import { adminClient, anonymousClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/** better-auth's client for the same origin (`/api/auth`), with the guest and admin plugins. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  plugins: [anonymousClient(), adminClient()],
});

export type SessionData = typeof authClient.$Infer.Session;
export type SessionUser = SessionData["user"];

/** The message to show for a failed auth call: the server's message, else the status text. */
export function authErrorMessage(
  error: { message?: string; statusText?: string } | null | undefined,
) {
  return error?.message || error?.statusText || "Something went wrong";
}
