import { beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_ERROR,
  CLOSE_CODES,
  DELETED_USER,
  roomChannel,
  userChannel,
  type ServerFrame,
} from "@chatsphere/contract";
import { expectAlive } from "./realtime-helpers";
import { useTwoProcesses, type Client, type Person } from "./two-processes";

/*
 * Manage Users across two real server processes sharing PostgreSQL and Redis: what an admin
 * does through one takes effect at once on the other. Runs in `npm run test:services`.
 */
describe("Manage Users on two processes", () => {
  const { bases, clientOn, signedIn, signUp, signIn, guestOn, signUpAdmin, ...two } =
    useTwoProcesses({ name: "xadmin", publicUrl: "http://localhost:3998" });
  /** A socket of the person on a process, subscribed to their own channel. */
  const socketOn = (base: string, person: Person) =>
    two.socketOn(base, person, userChannel(person.id));
  let admin: Client;

  beforeAll(async () => {
    const [first = ""] = bases;
    const me = await signUpAdmin(first);
    admin = clientOn(first, me.cookie);
  });

  it("a ban through one process closes the user's socket and ends their session on the other at once; unban restores sign-in", async () => {
    const [first = "", second = ""] = bases;
    const victim = await signUp(second);
    const socket = await socketOn(second, victim);
    const onSecond = clientOn(second, victim.cookie);
    // The second process now remembers the session (for 30 s, were it not told).
    await expect(onSecond.user.getBio()).resolves.toEqual({ bio: "" });

    await expect(admin.admin.banUser({ userId: victim.id })).resolves.toEqual({
      userId: victim.id,
    });
    expect(await socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(onSecond.user.getBio()).rejects.toMatchObject({ status: 401 });
    const refused = await signIn(second, victim.email);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(ADMIN_ERROR.bannedSignIn);

    await expect(admin.admin.unbanUser({ userId: victim.id })).resolves.toEqual({
      userId: victim.id,
    });
    const back = await signedIn(await signIn(first, victim.email));
    await expect(clientOn(second, back.cookie).user.getBio()).resolves.toEqual({ bio: "" });
  });

  it("a removal through one process closes the user's socket on the other; their messages stay from 'Deleted user'", async () => {
    const [, second = ""] = bases;
    const [victim, member] = [await signUp(second), await signUp(second)];
    const victimSocket = await socketOn(second, victim);
    const memberSocket = await socketOn(second, member);
    const [victimClient, memberClient] = [
      clientOn(second, victim.cookie),
      clientOn(second, member.cookie),
    ];
    const { room: own } = await victimClient.room.create({ name: "Short lived" });
    await memberClient.room.join({ roomId: own.id });
    expect(await memberSocket.sub(roomChannel(own.id))).toBe("subscribed");
    const { room: theirs } = await memberClient.room.create({ name: "Staying" });
    await victimClient.room.join({ roomId: theirs.id });
    const kept = await victimClient.message.send({ roomId: theirs.id, content: "still here" });

    await expect(admin.admin.removeUser({ userId: victim.id })).resolves.toEqual({
      userId: victim.id,
    });
    expect(await victimSocket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(victimClient.user.getBio()).rejects.toMatchObject({ status: 401 });
    await memberSocket.next(
      (f: ServerFrame) =>
        f.type === "event" && f.event === "room_closed" && f.channel === roomChannel(own.id),
    );
    const history = await memberClient.message.list({ roomId: theirs.id });
    expect(history.messages.find((m) => m.id === kept.id)).toMatchObject({
      senderId: DELETED_USER.id,
      sender: { name: DELETED_USER.name },
    });
    await expectAlive(memberSocket);
  });

  it("the guest purge through one process keeps a guest connected to the other and ends the sessions it deletes everywhere", async () => {
    const [first = "", second = ""] = bases;
    const connected = await guestOn(second);
    const connectedSocket = await socketOn(second, connected);
    const gone = await guestOn(first);
    const goneOnSecond = clientOn(second, gone.cookie);
    await expect(goneOnSecond.user.getBio()).resolves.toEqual({ bio: "" });

    const { deletedCount } = await admin.admin.deleteAllGuestUsers();
    expect(deletedCount).toBeGreaterThanOrEqual(1);
    await expect(goneOnSecond.user.getBio()).rejects.toMatchObject({ status: 401 });
    await expectAlive(connectedSocket);
    await expect(clientOn(second, connected.cookie).user.getBio()).resolves.toEqual({ bio: "" });
    const guests = await admin.admin.listUsers({
      page: 1,
      limit: 50,
      filter: { userType: "guest" },
    });
    expect(guests.users.map((u) => u.id)).toEqual([connected.id]);
  });
});
