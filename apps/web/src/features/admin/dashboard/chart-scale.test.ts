import { describe, expect, it } from "vitest";
import { formatDay, labelledDays, niceTicks, seriesStats } from "./chart-scale";

describe("chart axis ticks", () => {
  it("gives whole, round steps that reach the highest value", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(10)).toEqual([0, 5, 10]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it("never uses fractional steps for counts", () => {
    for (let max = 1; max < 200; max++) {
      const ticks = niceTicks(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    }
  });
});

describe("date labels under the axis", () => {
  it("labels every day when there is room", () => {
    expect(labelledDays(5, 10)).toEqual([0, 1, 2, 3, 4]);
  });

  it("spaces the labels evenly and always labels the latest day", () => {
    expect(labelledDays(30, 6)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labelledDays(30, 4)).toEqual([5, 13, 21, 29]);
    expect(labelledDays(0, 4)).toEqual([]);
  });

  it("formats server days in UTC", () => {
    expect(formatDay("2025-11-03")).toBe("Nov 3");
    expect(formatDay("2025-11-03", true)).toBe("Mon, Nov 3, 2025");
    expect(formatDay("not a day")).toBe("not a day");
  });
});

describe("series summary", () => {
  it("adds the days up and finds the busiest", () => {
    expect(seriesStats([1, 5, 2])).toEqual({ total: 8, peak: 5 });
    expect(seriesStats([])).toEqual({ total: 0, peak: 0 });
  });
});
