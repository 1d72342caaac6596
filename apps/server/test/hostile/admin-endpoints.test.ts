import { describe, expect, it } from "vitest";
import { CLOSED_ADMIN_PATHS } from "../../src/auth/auth";
import { uniqueEmail } from "../harness";
import { expectAlive } from "../realtime-helpers";
import {
  call,
  callers,
  expectRefused,
  expectSessionWorks,
  globalState,
  stateOf,
  testAdmin,
  testServer,
  useAuthEndpointServer,
  withSocket,
} from "./auth-endpoint-kit";

/*
 * better-auth's admin endpoints are closed over HTTP (auth.ts CLOSED_ADMIN_PATHS, decision
 * 0028): Manage Users' procedures are the only way to act on accounts. Everyone gets 404,
 * an admin too; each test re-reads what the endpoint would change and shows the affected
 * user's session and socket survive. Requests carry our own Origin, so what is tested is the
 * endpoint itself, not the origin guard in front of it.
 */

useAuthEndpointServer();

interface AdminCase {
  path: string;
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
    body: ({ self }) => ({ userId: self, role: "admin" }),
    isAboutSelf: true,
    title: (who, status) => `${who} cannot set their own role to admin (${status}, role unchanged)`,
  },
  {
    path: "/admin/set-role",
    body: ({ victim }) => ({ userId: victim, role: "admin" }),
    title: (who, status) => `${who} cannot make another user an admin (${status}, role unchanged)`,
  },
  {
    path: "/admin/update-user",
    body: ({ self }) => ({ userId: self, data: { role: "admin", name: "Root" } }),
    isAboutSelf: true,
    title: (who, status) =>
      `${who} cannot promote themselves through admin/update-user (${status}, row unchanged)`,
  },
  {
    path: "/admin/ban-user",
    body: ({ victim }) => ({ userId: victim, banReason: "spite" }),
    title: (who, status) =>
      `${who} cannot ban another user (${status}, not banned, their session and socket kept)`,
  },
  {
    path: "/admin/impersonate-user",
    body: ({ victim }) => ({ userId: victim }),
    title: (who, status) =>
      `${who} cannot impersonate another user (${status}, no session made for them)`,
  },
  {
    path: "/admin/remove-user",
    body: ({ victim }) => ({ userId: victim }),
    title: (who, status) =>
      `${who} cannot remove another user (${status}, user, sessions and socket kept)`,
  },
  {
    path: "/admin/revoke-user-sessions",
    body: ({ victim }) => ({ userId: victim }),
    title: (who, status) =>
      `${who} cannot end another user's sessions (${status}, sessions and socket kept)`,
  },
  {
    path: "/admin/revoke-user-session",
    body: ({ victimToken }) => ({ sessionToken: victimToken }),
    title: (who, status) =>
      `${who} cannot end another user's session by its token (${status}, session and socket kept)`,
  },
  {
    path: "/admin/set-user-password",
    body: ({ victim }) => ({ userId: victim, newPassword: "hijacked123" }),
    title: (who, status) =>
      `${who} cannot set another user's password (${status}, password hash unchanged)`,
  },
  {
    path: "/admin/create-user",
    body: () => ({ email: uniqueEmail("made"), password: "password123", name: "x", role: "admin" }),
    title: (who, status) => `${who} cannot create an admin account (${status}, no user row)`,
  },
  {
    path: "/admin/list-users",
    query: () => "?limit=100",
    title: (who, status) => `${who} cannot list users (${status}, no e-mail in the answer)`,
  },
  {
    path: "/admin/list-user-sessions",
    body: ({ victim }) => ({ userId: victim }),
    title: (who, status) =>
      `${who} cannot list another user's sessions (${status}, no token in the answer)`,
  },
];

/** Everyone who might call them: an admin as well, whom Manage Users serves instead. */
const everyone = [
  { who: "an admin", signIn: () => Promise.resolve(testAdmin()), hasSession: true },
  ...callers.map((caller) => ({ ...caller, hasSession: caller.status === 403 })),
];

describe("better-auth's admin endpoints are closed to everyone", () => {
  it("every admin endpoint the plugin has is in the closed list", () => {
    const paths = Object.values(testServer().runtime.services.auth.api)
      .map((endpoint) => (endpoint as { path?: string }).path)
      .filter((path): path is string => typeof path === "string" && path.startsWith("/admin/"));
    expect(paths.length).toBeGreaterThan(10);
    expect([...CLOSED_ADMIN_PATHS].sort()).toEqual([...new Set(paths)].sort());
  });

  const table = adminCases.flatMap((c) =>
    everyone
      .filter((caller) => !(c.isAboutSelf && !caller.hasSession))
      .map((caller) => ({ ...c, caller, name: c.title(caller.who, 404) })),
  );

  // A loop, not it.each: it.each shortens long titles, and these titles are the spec.
  for (const { name, path, body, query, caller } of table) {
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
      await expectRefused(response, 404, null);

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
