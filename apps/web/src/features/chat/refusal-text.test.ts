import { describe, expect, it } from "vitest";
import { PERMISSION, TOAST } from "@chatsphere/contract";
import { followRefusal, sendFailureText } from "./refusal-text";

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });

describe("what a refused send says", () => {
  it("shows the 3-unanswered cap and the lost mutual follow word for word", () => {
    expect(sendFailureText(refusal(TOAST.dmLimit, 403))).toBe(TOAST.dmLimit);
    expect(sendFailureText(refusal(PERMISSION.notMutual, 403))).toBe(PERMISSION.notMutual);
  });

  it("keeps the spec's text for anything else, and the slow-down text on 429", () => {
    expect(sendFailureText(refusal("database is down", 500))).toBe(TOAST.sendMessageFailed);
    expect(sendFailureText(new TypeError("Failed to fetch"))).toBe(TOAST.sendMessageFailed);
    expect(sendFailureText(refusal(PERMISSION.rateLimited, 429))).toBe(PERMISSION.rateLimited);
  });
});

describe("why a follow was refused", () => {
  it("names following a guest or oneself, and nothing else", () => {
    expect(followRefusal(refusal(PERMISSION.cannotFollowGuest, 400))).toBe(
      PERMISSION.cannotFollowGuest,
    );
    expect(followRefusal(refusal(PERMISSION.cannotFollowSelf, 400))).toBe(
      PERMISSION.cannotFollowSelf,
    );
    expect(followRefusal(refusal("boom", 500))).toBeNull();
  });
});
