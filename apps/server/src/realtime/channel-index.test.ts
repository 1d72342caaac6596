import { describe, expect, it, vi } from "vitest";
import { ChannelIndex } from "./channel-index";
import type { Connection } from "./connection";
import { prepareTextFrame } from "./prepared-frame";

function fakeConnection(userId: string) {
  const channels = new Set<string>();
  return {
    user: { id: userId },
    channels,
    forgetChannel: (channel: string) => channels.delete(channel),
    sendPrepared: vi.fn(),
  } as unknown as Connection & { sendPrepared: ReturnType<typeof vi.fn> };
}

describe("ChannelIndex", () => {
  it("says when a channel gets its first and loses its last local subscriber", () => {
    const index = new ChannelIndex();
    const [a, b, c] = [fakeConnection("u1"), fakeConnection("u2"), fakeConnection("u3")];
    expect(index.add("room:1", a)).toBe(true);
    expect(index.add("room:1", a)).toBe(false);
    expect(index.add("room:1", b)).toBe(false);
    expect(index.add("room:1", c)).toBe(false);
    expect(index.remove("room:1", c)).toBe(false);
    expect(index.remove("room:1", c)).toBe(false);
    expect(index.remove("room:1", a)).toBe(false);
    expect(index.has("room:1")).toBe(true);
    expect(index.remove("room:1", a)).toBe(false);
    expect(index.remove("room:1", b)).toBe(true);
    expect(index.has("room:1")).toBe(false);
    expect(index.remove("room:1", b)).toBe(false);
    expect([...a.channels, ...b.channels, ...c.channels]).toEqual([]);
  });

  it("fans the same prepared frame out to one subscriber and to many", () => {
    const index = new ChannelIndex();
    const [a, b, c] = [fakeConnection("u1"), fakeConnection("u2"), fakeConnection("u3")];
    const data = Buffer.from('{"type":"event"}');
    const frame = prepareTextFrame(data);
    index.add("user:u1", a);
    index.fanout("user:u1", data);
    expect(a.sendPrepared).toHaveBeenCalledWith(frame, data);
    index.add("room:1", a);
    index.add("room:1", b);
    index.add("room:1", c);
    index.remove("room:1", b);
    index.fanout("room:1", data);
    index.fanout("room:none", data);
    expect(a.sendPrepared).toHaveBeenCalledTimes(2);
    expect(b.sendPrepared).not.toHaveBeenCalled();
    expect(c.sendPrepared).toHaveBeenCalledTimes(1);
    // The frame object is built once per broadcast and shared.
    expect(a.sendPrepared.mock.calls[1]?.[0]).toBe(c.sendPrepared.mock.calls[0]?.[0]);
  });

  it("tracks each user's connections on this process", () => {
    const index = new ChannelIndex();
    const [tab1, tab2, other] = [fakeConnection("u1"), fakeConnection("u1"), fakeConnection("u2")];
    expect(index.addUser(tab1)).toBe(true);
    expect(index.addUser(tab2)).toBe(false);
    expect(index.addUser(other)).toBe(true);
    expect([...index.connectionsOf("u1")]).toEqual([tab1, tab2]);
    expect(index.stats).toEqual({ connections: 3, users: 2, channels: 0 });
    expect(index.removeUser(tab1)).toBe(false);
    expect([...index.connectionsOf("u1")]).toEqual([tab2]);
    expect(index.removeUser(tab1)).toBe(false);
    expect(index.removeUser(tab2)).toBe(true);
    expect(index.hasUser("u1")).toBe(false);
    expect([...index.connectionsOf("u1")]).toEqual([]);
    expect(index.userIds()).toEqual(["u2"]);
  });
});
