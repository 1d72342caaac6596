import { describe, expect, it } from "vitest";
import { BACKOFF, backoffDelay } from "./backoff";

describe("reconnect backoff", () => {
  it("doubles from the base and stops at the maximum", () => {
    const top = () => 1;
    expect(backoffDelay(0, top)).toBe(BACKOFF.baseMs);
    expect(backoffDelay(1, top)).toBe(BACKOFF.baseMs * 2);
    expect(backoffDelay(3, top)).toBe(BACKOFF.baseMs * 8);
    expect(backoffDelay(30, top)).toBe(BACKOFF.maxMs);
  });

  it("jitters each delay between half and all of its ceiling", () => {
    expect(backoffDelay(2, () => 0)).toBe(BACKOFF.baseMs * 2);
    for (let i = 0; i < 50; i++) {
      const delay = backoffDelay(4);
      expect(delay).toBeGreaterThanOrEqual(BACKOFF.baseMs * 8);
      expect(delay).toBeLessThanOrEqual(BACKOFF.baseMs * 16);
    }
  });
});
