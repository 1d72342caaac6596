import { describe, expect, it } from "vitest";
import { oneOf, optionalInt, optionalString } from "./search-params";

describe("search-param parsers", () => {
  it("oneOf keeps a known value and falls back otherwise", () => {
    const tabs = ["a", "b"] as const;
    expect(oneOf("b", tabs, "a")).toBe("b");
    expect(oneOf("zzz", tabs, "a")).toBe("a");
    expect(oneOf(3, tabs, "a")).toBe("a");
    expect(oneOf(undefined, tabs, "a")).toBe("a");
  });

  it("optionalString drops empty and non-string values", () => {
    expect(optionalString("x")).toBe("x");
    expect(optionalString("")).toBeUndefined();
    expect(optionalString(42)).toBeUndefined();
  });

  it("optionalInt accepts whole numbers in range, from numbers or strings", () => {
    expect(optionalInt(3)).toBe(3);
    expect(optionalInt("4")).toBe(4);
    expect(optionalInt("0")).toBeUndefined();
    expect(optionalInt(2.5)).toBeUndefined();
    expect(optionalInt("abc")).toBeUndefined();
    expect(optionalInt(60, 1, 50)).toBeUndefined();
  });
});
