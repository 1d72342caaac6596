import { describe, expect, it } from "vitest";
import { CLOSE_CODES, SAFETY_ERROR, userChannel } from "@chatsphere/contract";
import { isEvent } from "./follow-fixtures";
import { useTwoProcesses, type Client } from "./two-processes";

/*
 * Trust and safety across two real server processes sharing PostgreSQL and Redis (issue 14):
 * a block made through one process keeps the pair apart in matching on both; three reports
 * through one process pause the reported user on the other; a ban decided from a report on
 * one closes the reported user's socket on the other. Runs with `npm run test:services`.
 */
describe("trust and safety across processes", () => {
  const { clientOn, guestOn, signUpAdmin, socketOn } = useTwoProcesses({
    name: "xsafety",
    publicUrl: "http://localhost:3997",
  });

  /** A guest on process `where` with a socket there (stranger chat needs one). */
  async function connectedGuest(where: 0 | 1) {
    const person = await guestOn(where);
    const socket = await socketOn(where, person, userChannel(person.id));
    return { person, socket, client: person.on[where] as Client };
  }

  it("a blocked pair on different processes is never matched, over many rounds; each still meets others", async () => {
    const [ann, bob] = [await connectedGuest(0), await connectedGuest(1)];
    await ann.client.safety.block({ userId: bob.person.id });
    for (let round = 0; round < 10; round++) {
      const continent = "Antarctica" as const;
      const first = round % 2 ? ann : bob;
      const second = round % 2 ? bob : ann;
      await expect(first.client.room.findStranger({ continent })).resolves.toEqual({
        status: "waiting",
      });
      await expect(second.client.room.findStranger({ continent })).resolves.toEqual({
        status: "waiting",
      });
      await first.client.room.cancelStranger();
      await second.client.room.cancelStranger();
    }
    const cid = await connectedGuest(1);
    await expect(ann.client.room.findStranger({ continent: "Oceania" })).resolves.toEqual({
      status: "waiting",
    });
    await expect(cid.client.room.findStranger({ continent: "Oceania" })).resolves.toEqual({
      status: "matched",
    });
  });

  it("three reports through one process pause the user on the other; a ban from a report closes their socket there", async () => {
    const admin = clientOn(0, (await signUpAdmin(0)).cookie);
    const villain = await connectedGuest(1);
    const reporters = [await connectedGuest(0), await connectedGuest(0), await connectedGuest(0)];
    for (const [i, reporter] of reporters.entries()) {
      // A chat between the two, as a match makes one.
      await expect(villain.client.room.findStranger({ continent: "Asia" })).resolves.toEqual({
        status: "waiting",
      });
      await expect(reporter.client.room.findStranger({ continent: "Asia" })).resolves.toEqual({
        status: "matched",
      });
      const matched = await reporter.socket.next(
        isEvent("stranger_matched", userChannel(reporter.person.id)),
      );
      const roomId = (matched.payload as { room: { id: string } }).room.id;
      // A different line each time: the same one would trip the bot defence.
      await villain.client.message.send({ roomId, content: `hello number ${i}` });
      await reporter.client.safety.report({ userId: villain.person.id, roomId, reason: "spam" });
      await reporter.client.room.leave({ roomId });
    }
    await expect(villain.client.room.findStranger({ continent: "Asia" })).rejects.toMatchObject({
      status: 403,
      message: SAFETY_ERROR.pausedForReview,
    });
    const { reports } = await admin.admin.listReports();
    expect(reports.filter((r) => r.reported.id === villain.person.id)).toHaveLength(3);
    await admin.admin.decideReport({ reportId: reports[0]?.id ?? "", decision: "ban" });
    expect(await villain.socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
  });
});
