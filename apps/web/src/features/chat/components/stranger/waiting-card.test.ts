import { describe, expect, it } from "vitest";
import { MATCH_TIMEOUT_MS } from "@chatsphere/contract";
import { waitLeftMs } from "./waiting-card";

describe("waitLeftMs", () => {
  const since = 1_000_000;

  it("counts the wait down and stops at zero", () => {
    expect(waitLeftMs(since, since)).toBe(MATCH_TIMEOUT_MS);
    expect(waitLeftMs(since, since + 1000)).toBe(MATCH_TIMEOUT_MS - 1000);
    expect(waitLeftMs(since, since + MATCH_TIMEOUT_MS)).toBe(0);
    expect(waitLeftMs(since, since + MATCH_TIMEOUT_MS + 5000)).toBe(0);
  });

  it("never gives more than the wait when it began after the clock was last read", () => {
    // The card reads the clock every 250 ms; the server's requeue after a skip restarts the
    // wait in between, which showed "11s" of a 10 s wait.
    expect(waitLeftMs(since, since - 200)).toBe(MATCH_TIMEOUT_MS);
  });

  it("gives the whole wait before the client knows when it began", () => {
    expect(waitLeftMs(null, since)).toBe(MATCH_TIMEOUT_MS);
  });
});
