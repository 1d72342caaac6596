import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@chatsphere/contract";
import { mergeMessages } from "./merge-messages";

const msg = (id: string, at: string): ChatMessage => ({
  id,
  roomId: "r",
  content: id,
  senderId: "u",
  sender: { id: "u", name: "U", image: null },
  createdAt: `2030-01-01T00:00:${at}.000Z`,
  media: null,
});

describe("merging messages", () => {
  it("never shows a message twice (an event and a refetch carry the same id)", () => {
    const list = [msg("a", "01"), msg("b", "02")];
    expect(mergeMessages(list, [msg("b", "02"), msg("c", "03")]).map((m) => m.id)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(mergeMessages(list, [msg("a", "01")])).toBe(list);
  });

  it("adds a message once even when one batch repeats it", () => {
    const merged = mergeMessages([msg("a", "01")], [msg("b", "02"), msg("b", "02")]);
    expect(merged.map((m) => m.id)).toEqual(["a", "b"]);
  });

  it("keeps the order of sending even when events arrive out of order", () => {
    const merged = mergeMessages([msg("c", "03")], [msg("a", "01"), msg("b", "02")]);
    expect(merged.map((m) => m.id)).toEqual(["a", "b", "c"]);
  });
});
