import { describe, expect, it } from "vitest";
import { NAME_MAX_LENGTH, USER_TYPES, usersSearchSchema } from "@chatsphere/contract";
import { hasUserFilters, parseUsersSearch, USER_TYPE_OPTIONS } from "./users-search";

/** What the contract's schema makes of a URL, with an empty name meaning "no filter". */
const bySchema = (search: Record<string, unknown>) => {
  const parsed = usersSearchSchema.parse(search);
  const name = parsed.name?.trim();
  return { ...parsed, name: name ? name : undefined };
};

describe("users search parameters (SPEC §5 fallbacks)", () => {
  it("fills the defaults for an empty URL", () => {
    expect(parseUsersSearch({})).toEqual({
      page: 1,
      limit: 10,
      name: undefined,
      userType: "all",
    });
  });

  it("keeps valid values, from numbers or numeric strings", () => {
    expect(parseUsersSearch({ page: "3", limit: 20, name: "ada", userType: "guest" })).toEqual({
      page: 3,
      limit: 20,
      name: "ada",
      userType: "guest",
    });
  });

  it.each([
    [{ page: 0 }, "page", 1],
    [{ page: -4 }, "page", 1],
    [{ page: "abc" }, "page", 1],
    [{ page: 2.5 }, "page", 1],
    [{ limit: 0 }, "limit", 10],
    [{ limit: 51 }, "limit", 10],
    [{ limit: "many" }, "limit", 10],
    [{ userType: "robots" }, "userType", "all"],
    [{ userType: 3 }, "userType", "all"],
    [{ name: 42 }, "name", undefined],
    [{ name: "   " }, "name", undefined],
    [{ name: "x".repeat(NAME_MAX_LENGTH + 1) }, "name", undefined],
  ])("falls back for %j", (search, key, expected) => {
    expect(parseUsersSearch(search)[key as keyof ReturnType<typeof parseUsersSearch>]).toBe(
      expected,
    );
  });

  it.each([
    {},
    { page: 2, limit: 5, name: "bob", userType: "non-guest" },
    { page: "7", limit: "50" },
    { page: 0, limit: 0, userType: "nobody" },
    { page: "x", limit: 99, name: 5 },
    { page: -1, limit: 1, name: "", userType: "guest" },
    { page: 1.5, limit: 10.5 },
    { name: "x".repeat(NAME_MAX_LENGTH + 1) },
  ])("agrees with the contract's usersSearchSchema for %j", (search) => {
    expect(parseUsersSearch(search)).toEqual(bySchema(search));
  });

  it("lists the contract's user types", () => {
    expect(USER_TYPE_OPTIONS).toEqual(USER_TYPES);
  });

  it("enables Clear only with a name or a type other than all", () => {
    expect(hasUserFilters({ name: undefined, userType: "all" })).toBe(false);
    expect(hasUserFilters({ name: "ada", userType: "all" })).toBe(true);
    expect(hasUserFilters({ name: undefined, userType: "guest" })).toBe(true);
  });
});
