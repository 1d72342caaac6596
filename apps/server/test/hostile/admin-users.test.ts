import { asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  LOBBY_CHANNEL,
  PERMISSION,
  USERS_MAX_PAGE_SIZE,
  userChannel,
  type Contract,
} from "@chatsphere/contract";
import type { ContractRouterClient } from "@orpc/contract";
import { session, user } from "../../src/db/schema";
import {
  callLimitOf,
  DEFAULT_MUTATION_LIMIT,
  DEFAULT_READ_LIMIT,
} from "../../src/rate-limit/call-limits";
import { insertAccounts } from "../admin-users-fixtures";
import { useTestServer, type TestUser } from "../harness";
import { expectAlive, expectNoFrame, openSocket } from "../realtime-helpers";

/*
 * Manage Users' procedures called by everyone who must be refused, and by an admin with
 * payloads meant to break them. Each refusal is shown three ways: the status, nothing changed
 * in the database, and no event and no closed socket for the user it aimed at.
 */

const t = useTestServer({ withAdmin: true });
const db = () => t.server.runtime.services.db;

type Client = ContractRouterClient<Contract>;
type Call = (client: Client, victim: string) => Promise<unknown>;

const calls: Record<string, Call> = {
  listUsers: (c) => c.admin.listUsers({ page: 1, limit: 10, filter: { userType: "all" } }),
  banUser: (c, victim) => c.admin.banUser({ userId: victim }),
  unbanUser: (c, victim) => c.admin.unbanUser({ userId: victim }),
  removeUser: (c, victim) => c.admin.removeUser({ userId: victim }),
  deleteAllGuestUsers: (c) => c.admin.deleteAllGuestUsers(),
};

/** Everything these procedures could change: every user row and every session. */
async function everything() {
  return {
    users: await db().select().from(user).orderBy(asc(user.id)),
    sessions: await db().select().from(session).orderBy(asc(session.id)),
  };
}

const callers = [
  { who: "a visitor", status: 401, message: PERMISSION.unauthorized, signIn: async () => null },
  {
    who: "a guest",
    status: 403,
    message: (procedure: string) => PERMISSION.notAllowed(`admin.${procedure}`),
    signIn: () => t.server.signInAsGuest(),
  },
  {
    who: "a user",
    status: 403,
    message: (procedure: string) => PERMISSION.notAllowed(`admin.${procedure}`),
    signIn: () => t.server.signUp(),
  },
];

describe("Manage Users refuses everyone but admins", () => {
  for (const [procedure, call] of Object.entries(calls)) {
    for (const caller of callers) {
      it(`${caller.who} cannot call admin.${procedure} (${caller.status}, nothing changed, no event)`, async () => {
        // A banned guest is the victim: unban would change them, ban and remove would cut them.
        const victim = await t.server.signInAsGuest();
        await t.admin.client.admin.banUser({ userId: victim.id }).catch(() => undefined);
        const watched = await t.server.signInAsGuest();
        const socket = t.closeAfter(await openSocket(t.server.wsUrl, watched.cookie));
        expect(await socket.sub(userChannel(watched.id))).toBe("subscribed");
        expect(await socket.sub(LOBBY_CHANNEL)).toBe("subscribed");
        const self: TestUser | null = await caller.signIn();
        const client = self?.client ?? t.server.client();
        const target = procedure === "unbanUser" ? victim.id : watched.id;
        const before = await everything();
        const since = socket.mark();

        const message =
          typeof caller.message === "string" ? caller.message : caller.message(procedure);
        await expect(call(client, target)).rejects.toMatchObject({
          status: caller.status,
          message,
        });
        expect(await everything()).toEqual(before);
        await expectNoFrame(socket, (f) => f.type === "event", { since });
        await expectAlive(socket);
      });
    }
  }

  it("a non-admin's payload is never read: an invalid one is still 401 or 403, no validation detail", async () => {
    const member = await t.server.signUp();
    const bad = { userId: "'; drop table user; --", extra: 1 } as unknown as { userId: string };
    for (const [client, status] of [
      [t.server.client(), 401],
      [member.client, 403],
    ] as const) {
      await expect(client.admin.banUser(bad)).rejects.toMatchObject({ status });
      await expect(
        client.admin.listUsers({ page: -1, limit: 999, filter: { userType: "x" } } as never),
      ).rejects.toMatchObject({ status, data: undefined });
    }
  });
});

describe("Manage Users with hostile input from an admin", () => {
  it("an id that is not an id is refused (400) and touches nothing", async () => {
    const before = await everything();
    for (const userId of ["", "a b", "x".repeat(65), "../etc", "1; drop table user"]) {
      for (const call of ["banUser", "unbanUser", "removeUser"] as const) {
        await expect(t.admin.client.admin[call]({ userId })).rejects.toMatchObject({
          status: 400,
        });
      }
    }
    expect(await everything()).toEqual(before);
  });

  it("refuses a page below 1, a limit outside 1-50, an unknown type and a long name (400)", async () => {
    const filter = { userType: "all" as const };
    const bad = [
      { page: 0, limit: 10, filter },
      { page: 1.5, limit: 10, filter },
      { page: 1, limit: 0, filter },
      { page: 1, limit: USERS_MAX_PAGE_SIZE + 1, filter },
      { page: 1, limit: 10, filter: { userType: "admins" } },
      { page: 1, limit: 10, filter: { ...filter, name: "x".repeat(61) } },
      { page: 1_000_001, limit: 10, filter },
    ];
    for (const input of bad) {
      await expect(t.admin.client.admin.listUsers(input as never)).rejects.toMatchObject({
        status: 400,
      });
    }
  });

  it("a filter of LIKE's wildcards matches them literally and never every user", async () => {
    const prefix = `wild${Date.now().toString(36)}`;
    await insertAccounts(db(), { count: 3, prefix, isAnonymous: false });
    const [all] = await db().select({ n: count() }).from(user);
    for (const name of ["%", "_", "%%", "\\", "\\%", "%_%", ".*", "' or 1=1 --"]) {
      const answer = await t.admin.client.admin.listUsers({
        page: 1,
        limit: 50,
        filter: { name, userType: "all" },
      });
      expect(answer.total).toBeLessThan(all?.n ?? 0);
      for (const found of answer.users) expect(found.name).toContain(name.trim());
    }
  });

  it("the last page of the largest page number answers at once with the true totals", async () => {
    const answer = await t.admin.client.admin.listUsers({
      page: 1_000_000,
      limit: USERS_MAX_PAGE_SIZE,
      filter: { userType: "all" },
    });
    expect(answer.users).toEqual([]);
    expect(answer.hasNextPage).toBe(false);
    expect(answer.totalPages).toBe(Math.ceil(answer.total / USERS_MAX_PAGE_SIZE));
  });

  it("an admin removed meanwhile cannot act any more: their session is gone with them (401)", async () => {
    const email = `second-admin-${Date.now().toString(36)}@example.com`;
    await t.admin.client.admin.signUp({
      email,
      password: "password123",
      confirmPassword: "password123",
    });
    const second = await t.server.signIn(email, "password123");
    const guest = await t.server.signInAsGuest();
    await t.admin.client.admin.removeUser({ userId: second.id });
    await expect(second.client.admin.banUser({ userId: guest.id })).rejects.toMatchObject({
      status: 401,
    });
    const [row] = await db().select().from(user).where(eq(user.id, guest.id));
    expect(row).toMatchObject({ banned: false });
  });
});

describe("rate limits of Manage Users", () => {
  it("listUsers counts as a read; the guest purge has a small allowance of its own", () => {
    expect(callLimitOf("admin.listUsers")).toEqual(DEFAULT_READ_LIMIT);
    for (const action of ["banUser", "unbanUser", "removeUser"]) {
      expect(callLimitOf(`admin.${action}`)).toEqual(DEFAULT_MUTATION_LIMIT);
    }
    const purge = callLimitOf("admin.deleteAllGuestUsers");
    expect(purge.user.max).toBeLessThanOrEqual(10);
    expect(purge.user.max).toBeLessThan(DEFAULT_MUTATION_LIMIT.user.max);
  });
});
