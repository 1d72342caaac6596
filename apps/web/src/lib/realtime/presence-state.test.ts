import { describe, expect, it } from "vitest";
import type { PresenceEntry } from "@chatsphere/contract";
import { applyPresence } from "./presence-state";

const entry = (userId: string, status: PresenceEntry["status"] = "online"): PresenceEntry => ({
  userId,
  name: userId,
  image: null,
  status,
});

describe("presence state", () => {
  it("starts from a snapshot, then applies joins (as upserts) and leaves", () => {
    const channel = "room:r";
    let state = applyPresence(null, { type: "presence", channel, count: 1, state: [entry("a")] });
    state = applyPresence(state, { type: "presence", channel, count: 2, joins: [entry("b")] });
    state = applyPresence(state, {
      type: "presence",
      channel,
      count: 2,
      joins: [entry("a", "idle")],
    });
    expect(state.entries.get("a")?.status).toBe("idle");
    state = applyPresence(state, { type: "presence", channel, count: 1, leaves: [entry("b")] });
    expect([...state.entries.keys()]).toEqual(["a"]);
    expect(state.count).toBe(1);
  });

  it("takes a count-only frame (the lobby) without inventing members", () => {
    const state = applyPresence(null, { type: "presence", channel: "global:lobby", count: 7 });
    expect(state.count).toBe(7);
    expect(state.entries.size).toBe(0);
  });
});
