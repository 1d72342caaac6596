import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOSE_CODES, userChannel } from "@chatsphere/contract";
import { room } from "../src/db/schema";
import { createTestServer, ORIGIN, randomIp, type TestServer } from "./harness";
import { openSocket, tryOpen } from "./realtime-helpers";

let server: TestServer;
let wsUrl: string;

beforeAll(async () => {
  server = await createTestServer();
  wsUrl = server.wsUrl;
});
afterAll(async () => {
  await server.close();
});

const signOut = (cookie: string) =>
  server.request("/api/auth/sign-out", {
    method: "POST",
    headers: { cookie, "content-type": "application/json", "x-forwarded-for": randomIp() },
    body: "{}",
  });

describe("remembered sessions", () => {
  it("forget a session signed out through this process at once (RPC 401, socket refused)", async () => {
    const ann = await server.signUp();
    await expect(ann.client.user.getBio()).resolves.toEqual({ bio: "" });
    const open = await openSocket(wsUrl, ann.cookie);
    expect((await signOut(ann.cookie)).status).toBe(200);
    await expect(ann.client.user.getBio()).rejects.toMatchObject({ status: 401 });
    expect(await tryOpen(wsUrl, { cookie: ann.cookie, origin: ORIGIN })).toEqual({ status: 401 });
    // A socket opened before the sign-out is closed (4001) the next time it subscribes.
    open.send({ type: "sub", channel: userChannel(ann.id) });
    expect(await open.waitClosed()).toBe(CLOSE_CODES.unauthorized);
  });

  it("show a new name on the very next message", async () => {
    const ann = await server.signUp();
    const [general] = await server.runtime.services.db
      .select({ id: room.id })
      .from(room)
      .where(eq(room.name, "General"));
    const roomId = general?.id ?? "";
    await ann.client.room.join({ roomId });
    await ann.client.message.send({ roomId, content: "before" });
    await ann.client.user.updateProfile({ name: "Renamed Ann", bio: "" });
    const sent = await ann.client.message.send({ roomId, content: "after" });
    expect(sent.sender.name).toBe("Renamed Ann");
  });
});
