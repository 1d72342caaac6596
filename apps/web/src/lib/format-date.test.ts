import { afterEach, describe, expect, it } from "vitest";
import { formatLongDate, formatShortDate, utcDateFormats } from "./format-date";

const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", options);

/** Every month's first and last days, around midnight, over several years (leap ones too). */
function sampleDates(): Date[] {
  const dates: Date[] = [];
  for (const year of [1999, 2000, 2024, 2026, 2031]) {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 10, 28, 31]) {
        for (const hour of [0, 11, 23]) {
          dates.push(new Date(Date.UTC(year, month, day, hour, 59, 59, 999)));
        }
      }
    }
  }
  return dates;
}

describe("date formats (written out, Intl's output)", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it.each([
    "UTC",
    "America/Los_Angeles",
    "Asia/Kolkata",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
  ])("match Intl's en-US long and medium dates in the reader's zone (%s) and in UTC", (zone) => {
    process.env.TZ = zone;
    const long = intl({ dateStyle: "long" });
    const medium = intl({ dateStyle: "medium" });
    const utcLong = intl({ dateStyle: "long", timeZone: "UTC" });
    const utcMedium = intl({ dateStyle: "medium", timeZone: "UTC" });
    for (const date of sampleDates()) {
      expect(formatLongDate(date)).toBe(long.format(date));
      expect(formatShortDate(date)).toBe(medium.format(date));
      expect(utcDateFormats.long(date)).toBe(utcLong.format(date));
      expect(utcDateFormats.short(date)).toBe(utcMedium.format(date));
    }
  });

  it("reads as the spec's examples", () => {
    const date = new Date(Date.UTC(2026, 0, 5, 12));
    expect(utcDateFormats.long(date)).toBe("January 5, 2026");
    expect(utcDateFormats.short(date)).toBe("Jan 5, 2026");
  });
});
