import { describe, expect, it } from "vitest";
import { chatIdField } from "@chatsphere/contract";
import { timeOrderedId } from "./time-ordered-id";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("time-ordered ids (UUID version 7)", () => {
  it("is a well-formed version 7 UUID that the contract accepts as a chat id", () => {
    const id = timeOrderedId();
    expect(id).toMatch(UUID_V7);
    expect(chatIdField.safeParse(id).success).toBe(true);
  });

  it("carries the time in its first 48 bits", () => {
    const at = Date.UTC(2026, 10, 25, 1, 2, 3, 456);
    const id = timeOrderedId(at);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it("sorts by time across milliseconds and differs within one", () => {
    const earlier = timeOrderedId(1_000_000);
    const later = timeOrderedId(1_000_001);
    expect(earlier < later).toBe(true);
    // 2 000 ids draw from the random pool several times over (409 ids per draw).
    const same = new Set(Array.from({ length: 2000 }, () => timeOrderedId(1_000_000)));
    expect(same.size).toBe(2000);
  });
});
