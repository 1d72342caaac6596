import { describe, expect, it } from "vitest";
import type { AdminUser } from "@chatsphere/contract";
import { usersCsv } from "./users-csv";

const user = (overrides: Partial<AdminUser>): AdminUser => ({
  id: "u1",
  name: "Ada",
  email: "ada@example.com",
  isAnonymous: false,
  banned: false,
  role: "user",
  ...overrides,
});

describe("users CSV export", () => {
  it("has the columns Id, Name, Email, Is Guest and one line per user", () => {
    const csv = usersCsv([user({}), user({ id: "u2", name: "", email: "", isAnonymous: true })]);
    expect(csv).toBe(
      "\uFEFFId,Name,Email,Is Guest\r\nu1,Ada,ada@example.com,false\r\nu2,,,true\r\n",
    );
  });

  it("quotes and neutralises hostile names", () => {
    const csv = usersCsv([user({ name: '=cmd|" /C calc"!A0, "x"\nnext' })]);
    expect(csv.split("\r\n")[1]).toBe(
      'u1,"\'=cmd|"" /C calc""!A0, ""x""\nnext",ada@example.com,false',
    );
  });
});
