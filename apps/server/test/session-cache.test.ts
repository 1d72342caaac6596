import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOSE_CODES, roomChannel, userChannel } from "@chatsphere/contract";
import { createTestServer, ORIGIN, randomIp, type TestServer } from "./harness";
import { generalRoomId, openSocket, tryOpen } from "./realtime-helpers";

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
  it("forget a session signed out at once: RPC 401, new sockets refused, open ones closed", async () => {
    const ann = await server.signUp();
    await expect(ann.client.user.getBio()).resolves.toEqual({ bio: "" });
    const open = await openSocket(wsUrl, ann.cookie);
    expect(await open.sub(userChannel(ann.id))).toBe("subscribed");
    expect((await signOut(ann.cookie)).status).toBe(200);
    // The socket of the ended session is closed by the server, without waiting for a frame.
    expect(await open.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(ann.client.user.getBio()).rejects.toMatchObject({ status: 401 });
    expect(await tryOpen(wsUrl, { cookie: ann.cookie, origin: ORIGIN })).toEqual({ status: 401 });
  });

  it("close only the sockets of the session that ended, not the user's other devices", async () => {
    const ann = await server.signUp();
    const phone = await server.signIn(ann.email, "password123");
    const laptopSocket = await openSocket(wsUrl, ann.cookie);
    const phoneSocket = await openSocket(wsUrl, phone.cookie);
    expect((await signOut(ann.cookie)).status).toBe(200);
    expect(await laptopSocket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    expect(await phoneSocket.sub(userChannel(ann.id))).toBe("subscribed");
    await expect(phone.client.user.getBio()).resolves.toEqual({ bio: "" });
    await phoneSocket.close();
  });

  it("show a new name on the very next message", async () => {
    const ann = await server.signUp();
    const roomId = await generalRoomId(server);
    await ann.client.room.join({ roomId });
    await ann.client.message.send({ roomId, content: "before" });
    await ann.client.user.updateProfile({ name: "Renamed Ann", bio: "" });
    const sent = await ann.client.message.send({ roomId, content: "after" });
    expect(sent.sender.name).toBe("Renamed Ann");
  });

  it("show a rename in the room's member list and on typing from sockets opened before it", async () => {
    const roomId = await generalRoomId(server);
    const channel = roomChannel(roomId);
    const ann = await server.signUp();
    const bob = await server.signUp();
    const a = await openSocket(wsUrl, ann.cookie);
    const b = await openSocket(wsUrl, bob.cookie);
    for (const [user, socket] of [
      [ann, a],
      [bob, b],
    ] as const) {
      await user.client.room.join({ roomId });
      expect(await socket.sub(channel)).toBe("subscribed");
    }
    const beforeRename = b.mark();
    await ann.client.user.updateProfile({ name: "Typing Ann", bio: "" });
    // The room's member list shows the new name...
    await b.next(
      (f) =>
        f.type === "presence" &&
        f.channel === channel &&
        Boolean(f.joins?.some((e) => e.userId === ann.id && e.name === "Typing Ann")),
      5000,
      beforeRename,
    );
    // ...and the socket takes it when its process has re-read the session: no reconnect.
    let name = "";
    for (let attempt = 0; attempt < 10 && name !== "Typing Ann"; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      const since = b.mark();
      a.send({ type: "typing", channel });
      const typing = await b.next((f) => f.type === "event" && f.event === "typing", 2000, since);
      name = (typing as { payload: { name: string } }).payload.name;
    }
    expect(name).toBe("Typing Ann");
    await Promise.all([a.close(), b.close()]);
  });
});
