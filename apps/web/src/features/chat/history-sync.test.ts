import { describe, expect, it } from "vitest";
import type { ChatMessage, ListMessagesInput, ListMessagesOutput } from "@chatsphere/contract";
import {
  syncHistory,
  withEarlier,
  withMessages,
  withoutMessage,
  type History,
} from "./history-sync";

const at = (i: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString();
const msg = (i: number): ChatMessage => ({
  id: `m${String(i).padStart(4, "0")}`,
  roomId: "r",
  content: `message ${i}`,
  senderId: "u",
  sender: { id: "u", name: "U", image: null },
  createdAt: at(i),
  media: null,
});

/** A fake message.list over `count` messages, paging like the server; it records calls. */
function fakeRoom(count: number, pageSize = 3) {
  const room = Array.from({ length: count }, (_, i) => msg(i));
  const calls: ListMessagesInput[] = [];
  const list = async (input: ListMessagesInput): Promise<ListMessagesOutput> => {
    calls.push(input);
    const limit = input.limit ?? pageSize;
    const index = (id: string) => {
      const found = room.findIndex((m) => m.id === id);
      if (found < 0) throw Object.assign(new Error("unknown cursor"), { status: 400 });
      return found;
    };
    if (input.after) {
      const from = index(input.after) + 1;
      const messages = room.slice(from, from + limit);
      return { messages, hasOlder: true, hasNewer: from + limit < room.length };
    }
    const end = input.before ? index(input.before) : room.length;
    const start = Math.max(0, end - limit);
    return { messages: room.slice(start, end), hasOlder: start > 0, hasNewer: end < room.length };
  };
  return { room, list, calls, add: () => room.push(msg(room.length)) };
}

const idsOf = (history: History) => history.messages.map((m) => m.id);

describe("catching up on a room's history", () => {
  it("loads the newest page first and remembers where paging continues", async () => {
    const { list } = fakeRoom(10);
    const history = await syncHistory(list, "r", () => undefined);
    expect(idsOf(history)).toEqual(["m0007", "m0008", "m0009"]);
    expect(history).toMatchObject({ newest: "m0009", oldest: "m0007", hasOlder: true });
  });

  it("after a reconnect fetches every message after the newest read, page by page", async () => {
    const fake = fakeRoom(4);
    let held = await syncHistory(fake.list, "r", () => undefined);
    for (let i = 0; i < 8; i++) fake.add();
    held = await syncHistory(fake.list, "r", () => held);
    expect(idsOf(held)).toEqual(fake.room.slice(1).map((m) => m.id));
    expect(fake.calls.slice(1).map((c) => c.after)).toEqual(["m0003", "m0006", "m0009"]);
    expect(held).toMatchObject({ newest: "m0011", oldest: "m0001", hasOlder: true });
  });

  it("shows each message once, whatever events already brought", async () => {
    const fake = fakeRoom(3);
    let held = await syncHistory(fake.list, "r", () => undefined);
    fake.add();
    fake.add();
    held = withMessages(held, [msg(4), msg(3), msg(4)]);
    held = await syncHistory(fake.list, "r", () => held);
    expect(idsOf(held)).toEqual(["m0000", "m0001", "m0002", "m0003", "m0004"]);
  });

  it("keeps events that arrive while the pages are fetched", async () => {
    const fake = fakeRoom(3);
    let held = await syncHistory(fake.list, "r", () => undefined);
    const during = withMessages(held, [msg(3)]);
    fake.add();
    let reads = 0;
    held = await syncHistory(fake.list, "r", () => (reads++ === 0 ? held : during));
    expect(idsOf(held)).toEqual(["m0000", "m0001", "m0002", "m0003"]);
  });

  it("never resumes after a message that only came as an event", async () => {
    const fake = fakeRoom(3);
    let held = await syncHistory(fake.list, "r", () => undefined);
    held = withMessages(held, [msg(9)]);
    expect(held.newest).toBe("m0002");
  });

  it("reads the whole room when it was empty at first and filled up meanwhile", async () => {
    const fake = fakeRoom(0);
    let held = await syncHistory(fake.list, "r", () => undefined);
    for (let i = 0; i < 7; i++) fake.add();
    held = await syncHistory(fake.list, "r", () => held);
    expect(idsOf(held)).toEqual(fake.room.map((m) => m.id));
    expect(held).toMatchObject({ newest: "m0006", oldest: "m0000", hasOlder: false });
  });

  it("starts over from the newest page when its cursor is refused (400)", async () => {
    const fake = fakeRoom(5);
    const stale: History = {
      messages: [msg(99)],
      isLoaded: true,
      newest: "gone",
      oldest: "gone",
      hasOlder: true,
    };
    const history = await syncHistory(fake.list, "r", () => stale);
    expect(history).toMatchObject({ newest: "m0004", oldest: "m0002", hasOlder: true });
  });

  it("passes other failures on, so the conversation can say the history failed", async () => {
    const held: History = {
      messages: [],
      isLoaded: true,
      newest: "m1",
      oldest: "m1",
      hasOlder: false,
    };
    const list = async () => Promise.reject(new TypeError("offline"));
    await expect(syncHistory(list, "r", () => held)).rejects.toThrow("offline");
  });
});

describe("loading earlier messages", () => {
  it("adds the page before the oldest held and moves the older cursor", async () => {
    const fake = fakeRoom(5);
    const held = await syncHistory(fake.list, "r", () => undefined);
    const earlier = withEarlier(held, await fake.list({ roomId: "r", before: held.oldest ?? "" }));
    expect(idsOf(earlier)).toEqual(fake.room.map((m) => m.id));
    expect(earlier).toMatchObject({ oldest: "m0000", hasOlder: false, newest: "m0004" });
  });
});

describe("a message deleted by an admin", () => {
  it("leaves the conversation; the rest and the paging stay as they were", async () => {
    const { list } = fakeRoom(5);
    const held = await syncHistory(list, "r", () => undefined);
    const after = withoutMessage(held, "m0003");
    expect(after && idsOf(after)).toEqual(["m0002", "m0004"]);
    expect(after).toMatchObject({ newest: held.newest, oldest: held.oldest, hasOlder: true });
  });

  it("changes nothing when the message is not held", async () => {
    const { list } = fakeRoom(2);
    const held = await syncHistory(list, "r", () => undefined);
    expect(withoutMessage(held, "elsewhere")).toBe(held);
    expect(withoutMessage(undefined, "m0001")).toBeUndefined();
  });
});
