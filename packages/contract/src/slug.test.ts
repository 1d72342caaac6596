import { describe, expect, it } from "vitest";
import { KEBAB_CASE, slugify } from "./slug";

describe("slugify (SPEC §5 derivation)", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["snake_case_title", "snake-case-title"],
    ["  Trim  me  ", "trim-me"],
    ["Tabs\tand\nnewlines", "tabs-and-newlines"],
    ["C'est déjà l'été!", "cest-dj-lt"],
    ["a -- b", "a-b"],
    ["---edges---", "edges"],
    ["Top 10 Tips: 2026", "top-10-tips-2026"],
    ["", ""],
    ["!!!", ""],
  ])("%j becomes %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("always produces kebab-case (or nothing)", () => {
    for (const title of ["Mixed CASE_with spaces", "émoji 🎉 party", "x_y z-w"]) {
      const slug = slugify(title);
      expect(slug === "" || KEBAB_CASE.test(slug)).toBe(true);
    }
  });
});
