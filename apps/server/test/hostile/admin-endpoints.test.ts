import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../harness";
import { expectAlive } from "../realtime-helpers";
import {
  call,
  callers,
  expectRefused,
  expectSessionWorks,
  globalState,
  stateOf,
  testServer,
  useAuthEndpointServer,
  withSocket,
} from "./auth-endpoint-kit";

/*
 * better-auth's admin endpoints, called by everyone who must be refused: a registered user, a
 * guest and a visitor without a session. Each test re-reads what the endpoint would change and
 * shows the affected user's session and socket survive. Requests carry our own Origin, so
 * what is tested is better-auth's authorization, not the origin guard in front of it.
 */

useAuthEndpointServer();

interface AdminCase {
  path: string;
  /** better-auth's code when a signed-in caller lacks the permission. */
  forbidden: string;
  /** The request; `self` is the caller (when signed in), `victim` another user. */
  body?: (ids: { self: string; victim: string; victimToken: string }) => unknown;
  query?: (victim: string) => string;
  /** Aimed at the caller's own account, so a visitor (who has none) is not asked. */
  isAboutSelf?: boolean;
  title: (who: string, status: number) => string;
}

const adminCases: AdminCase[] = [
  {
    path: "/admin/set-role",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE",
    body: ({ self }) => ({ userId: self, role: "admin" }),
    isAboutSelf: true,
    title: (who, status) => `${who} cannot set their own role to admin (${status}, role unchanged)`,
  },
  {
    path: "/admin/set-role",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE",
    body: ({ victim }) => ({ userId: victim, role: "admin" }),
    title: (who, status) => `${who} cannot make another user an admin (${status}, role unchanged)`,
  },
  {
    path: "/admin/update-user",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS",
    body: ({ self }) => ({ userId: self, data: { role: "admin", name: "Root" } }),
    isAboutSelf: true,
    title: (who, status) =>
      `${who} cannot promote themselves through admin/update-user (${status}, row unchanged)`,
  },
  {
    path: "/admin/ban-user",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS",
    body: ({ victim }) => ({ userId: victim, banReason: "spite" }),
    title: (who, status) =>
      `${who} cannot ban another user (${status}, not banned, their session and socket kept)`,
  },
  {
    path: "/admin/impersonate-user",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS",
    body: ({ victim }) => ({ userId: victim }),
    title: (who, status) =>
      `${who} cannot impersonate another user (${status}, no session made for them)`,
  },
  {
    path: "/admin/remove-user",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS",
    body: ({ victim }) => ({ userId: victim }),
    title: (who, status) =>
      `${who} cannot remove another user (${status}, user, sessions and socket kept)`,
  },
  {
    path: "/admin/revoke-user-sessions",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS",
    body: ({ victim }) => ({ userId: victim }),
    title: (who, status) =>
      `${who} cannot end another user's sessions (${status}, sessions and socket kept)`,
  },
  {
    path: "/admin/revoke-user-session",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS",
    body: ({ victimToken }) => ({ sessionToken: victimToken }),
    title: (who, status) =>
      `${who} cannot end another user's session by its token (${status}, session and socket kept)`,
  },
  {
    path: "/admin/set-user-password",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD",
    body: ({ victim }) => ({ userId: victim, newPassword: "hijacked123" }),
    title: (who, status) =>
      `${who} cannot set another user's password (${status}, password hash unchanged)`,
  },
  {
    path: "/admin/create-user",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS",
    body: () => ({ email: uniqueEmail("made"), password: "password123", name: "x", role: "admin" }),
    title: (who, status) => `${who} cannot create an admin account (${status}, no user row)`,
  },
  {
    path: "/admin/list-users",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS",
    query: () => "?limit=100",
    title: (who, status) => `${who} cannot list users (${status}, no e-mail in the answer)`,
  },
  {
    path: "/admin/list-user-sessions",
    forbidden: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS",
    body: ({ victim }) => ({ userId: victim }),
    title: (who, status) =>
      `${who} cannot list another user's sessions (${status}, no token in the answer)`,
  },
];

describe("better-auth admin endpoints refuse non-admins", () => {
  const table = adminCases.flatMap((c) =>
    callers
      .filter((caller) => !(c.isAboutSelf && caller.status === 401))
      .map((caller) => ({ ...c, caller, name: c.title(caller.who, caller.status) })),
  );

  // A loop, not it.each: it.each shortens long titles, and these titles are the spec.
  for (const { name, path, forbidden, body, query, caller } of table) {
    it(name, async () => {
      const victim = await testServer().signUp();
      const victimSocket = await withSocket(victim);
      const self = await caller.signIn();
      const before = {
        victim: await stateOf(victim.id),
        self: self ? await stateOf(self.id) : null,
        all: await globalState(),
      };
      const victimToken = before.victim.sessions[0]?.token ?? "";
      const ids = { self: self?.id ?? "", victim: victim.id, victimToken };

      const response = await call(`${path}${query?.(victim.id) ?? ""}`, {
        cookie: self?.cookie,
        body: body?.(ids),
      });
      const text = await response.clone().text();
      await expectRefused(response, caller.status, self ? forbidden : null);

      expect(text).not.toContain(victim.email);
      expect(text).not.toContain(victimToken);
      expect(await stateOf(victim.id)).toEqual(before.victim);
      if (self) expect(await stateOf(self.id)).toEqual(before.self);
      expect(await globalState()).toEqual(before.all);
      await expectSessionWorks(victim);
      await expectAlive(victimSocket);
    });
  }
});
