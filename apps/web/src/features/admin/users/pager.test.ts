import { describe, expect, it } from "vitest";
import { pagerItems, type PagerItem } from "./pager";

/** "1 … 4 5 [6] 7 8 … 20" written as [1, "…", 4, 5, 6, 7, 8, "…", 20]. */
const show = (items: PagerItem[]) => items.map((item) => (item.kind === "page" ? item.page : "…"));

describe("users pager window (SPEC §2: up to 5 pages, first and last with ellipses)", () => {
  it("shows nothing when there are no pages", () => {
    expect(pagerItems(1, 0)).toEqual([]);
  });

  it("shows every page when there are at most five", () => {
    expect(show(pagerItems(1, 1))).toEqual([1]);
    expect(show(pagerItems(3, 5))).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the window at the start on the first pages", () => {
    expect(show(pagerItems(1, 20))).toEqual([1, 2, 3, 4, 5, "…", 20]);
    expect(show(pagerItems(3, 20))).toEqual([1, 2, 3, 4, 5, "…", 20]);
  });

  it("centres the window on the current page with both ends and ellipses", () => {
    expect(show(pagerItems(10, 20))).toEqual([1, "…", 8, 9, 10, 11, 12, "…", 20]);
  });

  it("omits an ellipsis that would hide no page", () => {
    expect(show(pagerItems(4, 20))).toEqual([1, 2, 3, 4, 5, 6, "…", 20]);
    expect(show(pagerItems(17, 20))).toEqual([1, "…", 15, 16, 17, 18, 19, 20]);
    expect(show(pagerItems(4, 7))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps the window at the end on the last pages", () => {
    expect(show(pagerItems(20, 20))).toEqual([1, "…", 16, 17, 18, 19, 20]);
  });

  it("treats a page past the end as the last page", () => {
    expect(show(pagerItems(99, 8))).toEqual([1, "…", 4, 5, 6, 7, 8]);
  });

  it("never shows more than five numbered pages between the ends", () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const pages = pagerItems(current, total).filter((item) => item.kind === "page");
        const middle = pages.filter(
          (item) => item.kind === "page" && item.page !== 1 && item.page !== total,
        );
        expect(middle.length).toBeLessThanOrEqual(5);
        expect(pages.some((item) => item.kind === "page" && item.page === current)).toBe(true);
      }
    }
  });
});
