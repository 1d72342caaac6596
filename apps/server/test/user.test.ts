import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_EMAIL_DOMAIN, PERMISSION, VALIDATION } from "@chatsphere/contract";
import { user } from "../src/db/schema";
import { createTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const rowOf = async (id: string) => {
  const [row] = await server.runtime.services.db.select().from(user).where(eq(user.id, id));
  return row;
};

describe("user.getBio", () => {
  it("refuses a caller without a session (401)", async () => {
    await expect(server.client().user.getBio()).rejects.toMatchObject({
      status: 401,
      message: PERMISSION.unauthorized,
    });
  });

  it("starts empty for a new account", async () => {
    const ann = await server.signUp();
    await expect(ann.client.user.getBio()).resolves.toEqual({ bio: "" });
  });
});

describe("user.updateProfile", () => {
  it("updates the caller's own name and bio", async () => {
    const ann = await server.signUp();
    await expect(
      ann.client.user.updateProfile({ name: "  Ann Lee ", bio: "Hiker and baker." }),
    ).resolves.toEqual({ name: "Ann Lee", bio: "Hiker and baker." });
    const row = await rowOf(ann.id);
    expect(row).toMatchObject({ name: "Ann Lee", bio: "Hiker and baker." });
  });

  it("works for guests too (their chat name)", async () => {
    const guest = await server.signInAsGuest();
    await expect(guest.client.user.updateProfile({ name: "Nightowl", bio: "" })).resolves.toEqual({
      name: "Nightowl",
      bio: "",
    });
  });

  it("refuses an empty name with the spec's message and changes nothing (400)", async () => {
    const ann = await server.signUp();
    const before = await rowOf(ann.id);
    await expect(ann.client.user.updateProfile({ name: "   ", bio: "x" })).rejects.toMatchObject({
      status: 400,
      message: VALIDATION.nameRequired,
    });
    expect(await rowOf(ann.id)).toEqual(before);
  });

  it("refuses a caller without a session (401) and changes nothing", async () => {
    const ann = await server.signUp();
    const before = await rowOf(ann.id);
    await expect(
      server.client().user.updateProfile({ name: "Mallory", bio: "" }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(await rowOf(ann.id)).toEqual(before);
  });
});

describe("user.checkEmailExists", () => {
  it("tells whether an account uses the e-mail, ignoring case", async () => {
    const ann = await server.signUp();
    await expect(
      server.client().user.checkEmailExists({ email: ann.email.toUpperCase() }),
    ).resolves.toEqual({
      exists: true,
    });
    await expect(
      server.client().user.checkEmailExists({ email: "nobody@example.com" }),
    ).resolves.toEqual({
      exists: false,
    });
  });

  it("rejects a malformed e-mail with the spec's message (400)", async () => {
    await expect(server.client().user.checkEmailExists({ email: "nope" })).rejects.toMatchObject({
      status: 400,
      message: VALIDATION.invalidEmail,
    });
  });

  it("is rate limited per address (429), so it cannot be used to scan for accounts", async () => {
    const ask = () =>
      server.request("/rpc/user/checkEmailExists", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.77" },
        body: JSON.stringify({ json: { email: "scan@example.com" } }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await ask()).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("guests", () => {
  it("get a placeholder e-mail on a reserved, non-routable domain", async () => {
    const guest = await server.signInAsGuest();
    const row = await rowOf(guest.id);
    expect(row?.isAnonymous).toBe(true);
    expect(row?.email.endsWith(`@${GUEST_EMAIL_DOMAIN}`)).toBe(true);
    expect(GUEST_EMAIL_DOMAIN.endsWith(".invalid")).toBe(true);
  });
});

describe("tier before validation", () => {
  it("answers a caller without a session 401 even when the input is bad", async () => {
    await expect(server.client().user.updateProfile({ name: "", bio: "" })).rejects.toMatchObject({
      status: 401,
    });
  });
});
