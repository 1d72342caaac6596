import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PERMISSION, VALIDATION } from "@chatsphere/contract";
import { user } from "../src/db/schema";
import { createTestServer, uniqueEmail, type TestServer } from "./harness";

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

const password = "password123";
const payload = (email: string) => ({ email, password, confirmPassword: password });

async function userCount() {
  const [row] = await server.runtime.services.db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

async function roleOf(email: string) {
  const [row] = await server.runtime.services.db
    .select({ role: user.role })
    .from(user)
    .where(eq(user.email, email));
  return row?.role ?? null;
}

describe("admin.signUp (bootstrap rule)", () => {
  it("creates the first admin, who can then log in", async () => {
    const email = uniqueEmail("first");
    await expect(server.client().admin.signUp(payload(email))).resolves.toMatchObject({ email });
    expect(await roleOf(email)).toBe("admin");
    const admin = await server.signIn(email, password);
    expect(admin.id).toBeTruthy();
  });

  it("refuses a second anonymous sign-up once an admin exists (403, no row)", async () => {
    await server.createAdmin();
    const before = await userCount();
    const email = uniqueEmail("second");
    await expect(server.client().admin.signUp(payload(email))).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.adminExists,
    });
    expect(await userCount()).toBe(before);
    expect(await roleOf(email)).toBeNull();
  });

  it("refuses a signed-in ordinary user once an admin exists (403, no row)", async () => {
    await server.createAdmin();
    const ann = await server.signUp();
    const before = await userCount();
    await expect(ann.client.admin.signUp(payload(uniqueEmail()))).rejects.toMatchObject({
      status: 403,
    });
    expect(await userCount()).toBe(before);
    expect(await roleOf(ann.email)).toBe("user");
  });

  it("lets a signed-in admin add another admin", async () => {
    const admin = await server.createAdmin();
    const email = uniqueEmail("second");
    await expect(admin.client.admin.signUp(payload(email))).resolves.toMatchObject({ email });
    expect(await roleOf(email)).toBe("admin");
  });

  it("refuses an e-mail that already has an account (409, nothing changed)", async () => {
    const ann = await server.signUp();
    const before = await userCount();
    await expect(server.client().admin.signUp(payload(ann.email))).rejects.toMatchObject({
      status: 409,
      message: PERMISSION.emailTaken,
    });
    expect(await userCount()).toBe(before);
    expect(await roleOf(ann.email)).toBe("user");
  });

  it("validates with the spec's messages (400, no row)", async () => {
    const email = uniqueEmail();
    await expect(
      server.client().admin.signUp({ email, password, confirmPassword: "different1" }),
    ).rejects.toMatchObject({ status: 400, message: VALIDATION.passwordsDoNotMatch });
    await expect(
      server.client().admin.signUp({ email: "nope", password, confirmPassword: password }),
    ).rejects.toMatchObject({ status: 400, message: VALIDATION.invalidEmail });
    expect(await userCount()).toBe(0);
  });

  it("lets only one of two simultaneous first sign-ups become admin", async () => {
    const results = await Promise.allSettled([
      server.client().admin.signUp(payload(uniqueEmail("race-a"))),
      server.client().admin.signUp(payload(uniqueEmail("race-b"))),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [row] = await server.runtime.services.db
      .select({ n: count() })
      .from(user)
      .where(eq(user.role, "admin"));
    expect(row?.n).toBe(1);
  });
});
