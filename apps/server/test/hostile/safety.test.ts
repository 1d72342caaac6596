import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PERMISSION, type Contract } from "@chatsphere/contract";
import type { ContractRouterClient } from "@orpc/contract";
import { auditLog, message, report, strangerPause, user, userBlock } from "../../src/db/schema";
import { useTestServer, type TestUser } from "../harness";
import { roomOfKind } from "../message-fixtures";

/*
 * The moderation queue and the audit log refuse everyone but admins, before reading their
 * input, and change nothing; reporting and blocking need a session. Each refusal is shown by
 * its status and by the tables it could have touched being unchanged.
 */

const t = useTestServer({ withAdmin: true });
const db = () => t.server.runtime.services.db;

type Client = ContractRouterClient<Contract>;

/** An open report with a message in its snapshot, to aim the admin procedures at. */
async function openReport() {
  const [ann, bob] = [await t.server.signInAsGuest(), await t.server.signInAsGuest()];
  const roomId = await roomOfKind(db(), "stranger", ann, bob);
  const sent = await bob.client.message.send({ roomId, content: "evidence" });
  await ann.client.safety.report({ userId: bob.id, roomId, reason: "spam" });
  const [row] = (await t.admin.client.admin.listReports()).reports.filter(
    (r) => r.roomId === roomId,
  );
  return { reportId: row?.id ?? "", messageId: sent.id, reported: bob };
}

async function everything() {
  return {
    reports: await db().select().from(report).orderBy(asc(report.id)),
    audit: await db().select().from(auditLog).orderBy(asc(auditLog.id)),
    messages: await db().select({ id: message.id }).from(message).orderBy(asc(message.id)),
    users: await db().select({ id: user.id, banned: user.banned }).from(user).orderBy(asc(user.id)),
    pauses: await db().select().from(strangerPause).orderBy(asc(strangerPause.userId)),
  };
}

const adminCalls: Record<
  string,
  (c: Client, target: Awaited<ReturnType<typeof openReport>>) => Promise<unknown>
> = {
  listReports: (c) => c.admin.listReports(),
  decideReport: (c, r) => c.admin.decideReport({ reportId: r.reportId, decision: "ban" }),
  deleteReportedMessage: (c, r) =>
    c.admin.deleteReportedMessage({ reportId: r.reportId, messageId: r.messageId }),
  listAuditLog: (c) => c.admin.listAuditLog(),
};

const callers: {
  who: string;
  status: number;
  signIn: () => Promise<TestUser | null>;
}[] = [
  { who: "a visitor", status: 401, signIn: async () => null },
  { who: "a guest", status: 403, signIn: () => t.server.signInAsGuest() },
  { who: "a user", status: 403, signIn: () => t.server.signUp() },
];

describe("the moderation queue and the audit log refuse everyone but admins", () => {
  for (const [procedure, call] of Object.entries(adminCalls)) {
    for (const caller of callers) {
      it(`${caller.who} cannot call admin.${procedure} (${caller.status}, nothing changed)`, async () => {
        const target = await openReport();
        const self = await caller.signIn();
        const client = self?.client ?? t.server.client();
        const before = await everything();
        await expect(call(client, target)).rejects.toMatchObject({
          status: caller.status,
          message:
            caller.status === 401
              ? PERMISSION.unauthorized
              : PERMISSION.notAllowed(`admin.${procedure}`),
        });
        expect(await everything()).toEqual(before);
      });
    }
  }
});

describe("reporting and blocking need a session", () => {
  it("a visitor can neither report, block, nor read a block list (401, nothing stored)", async () => {
    const target = await openReport();
    const visitor = t.server.client();
    const before = {
      reports: await db().select().from(report),
      blocks: await db().select().from(userBlock),
    };
    const calls = [
      visitor.safety.report({ userId: target.reported.id, roomId: "r1", reason: "spam" }),
      visitor.safety.block({ userId: target.reported.id }),
      visitor.safety.unblock({ userId: target.reported.id }),
      visitor.safety.listBlocked(),
      visitor.safety.blockedIds(),
      visitor.safety.getSettings(),
      visitor.safety.updateSettings({ strangerLinksOnTap: true }),
    ];
    for (const refused of calls) {
      await expect(refused).rejects.toMatchObject({ status: 401 });
    }
    expect({
      reports: await db().select().from(report),
      blocks: await db().select().from(userBlock),
    }).toEqual(before);
  });

  it("a report's reason, note and ids are checked (400, nothing stored)", async () => {
    const [ann, bob] = [await t.server.signInAsGuest(), await t.server.signInAsGuest()];
    const roomId = await roomOfKind(db(), "stranger", ann, bob);
    const bad = [
      { userId: bob.id, roomId, reason: "boredom" },
      { userId: bob.id, roomId, reason: "spam", note: "x".repeat(501) },
      { userId: "../etc", roomId, reason: "spam" },
      { userId: bob.id, roomId: "room id with spaces", reason: "spam" },
    ];
    for (const input of bad) {
      await expect(
        ann.client.safety.report(input as Parameters<Client["safety"]["report"]>[0]),
      ).rejects.toMatchObject({ status: 400 });
    }
    expect((await db().select().from(report)).filter((r) => r.roomId === roomId)).toEqual([]);
  });
});
