import { describe, expect, it } from "vitest";
import { REALTIME_LIMITS, userChannel } from "@chatsphere/contract";
import { ORIGIN, useTestServer } from "../harness";
import { tryOpen } from "../realtime-helpers";

/*
 * At most REALTIME_LIMITS.maxSocketsPerUser sockets per user and maxSocketsPerAddress per
 * client address on a process (issue 10, item 5): one client cannot hold the server's
 * memory hostage with open sockets.
 */

const t = useTestServer();

const open = async (cookie: string, address: string) => {
  const result = await tryOpen(t.server.wsUrl, {
    cookie,
    origin: ORIGIN,
    "x-forwarded-for": address,
  });
  if ("status" in result) throw new Error(`refused: ${result.status}`);
  t.closeAfter(result.socket);
  await result.socket.next((f) => f.type === "welcome");
  return result.socket;
};

describe("socket caps", () => {
  it("a user's socket over the cap is refused (429) and the others keep working", async () => {
    const ann = await t.server.signInAsGuest();
    const mine = [];
    for (let i = 0; i < REALTIME_LIMITS.maxSocketsPerUser; i++) {
      mine.push(await open(ann.cookie, `198.51.100.${i + 1}`));
    }
    const refused = await tryOpen(t.server.wsUrl, {
      cookie: ann.cookie,
      origin: ORIGIN,
      "x-forwarded-for": "198.51.100.200",
    });
    expect(refused).toEqual({ status: 429 });
    expect(await mine[0]?.sub(userChannel(ann.id))).toBe("subscribed");
    // A closed socket frees its place.
    await mine.pop()?.close();
    await expect(open(ann.cookie, "198.51.100.201")).resolves.toBeDefined();
  });

  it("an address over its cap is refused (429) while another address still connects", async () => {
    const address = "203.0.113.77";
    const perUser = REALTIME_LIMITS.maxSocketsPerUser;
    const users = Math.ceil(REALTIME_LIMITS.maxSocketsPerAddress / perUser);
    const guests = await Promise.all(Array.from({ length: users }, () => t.server.signInAsGuest()));
    let opened = 0;
    for (const guest of guests) {
      const batch = Math.min(perUser, REALTIME_LIMITS.maxSocketsPerAddress - opened);
      await Promise.all(Array.from({ length: batch }, () => open(guest.cookie, address)));
      opened += batch;
    }
    const late = await t.server.signInAsGuest();
    const refused = await tryOpen(t.server.wsUrl, {
      cookie: late.cookie,
      origin: ORIGIN,
      "x-forwarded-for": address,
    });
    expect(refused).toEqual({ status: 429 });
    await expect(open(late.cookie, "203.0.113.78")).resolves.toBeDefined();
  }, 60_000);
});
