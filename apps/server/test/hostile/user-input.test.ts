import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { VALIDATION } from "@chatsphere/contract";
import { follow, user } from "../../src/db/schema";
import { uniqueEmail, useTestServer } from "../harness";

/*
 * Bounds on what users write (issue 10, item 5): a display name is 1-60 characters with no
 * control characters on every path that sets it, better-auth's own endpoints included; a
 * picture is only one this server stored for that user.
 */

const t = useTestServer();

const post = (pathname: string, body: unknown, cookie?: string) =>
  t.server.postAuth(pathname, body, cookie);

const userByEmail = async (email: string) =>
  (await t.server.runtime.services.db.select().from(user).where(eq(user.email, email)))[0];
const userById = async (id: string) =>
  (await t.server.runtime.services.db.select().from(user).where(eq(user.id, id)))[0];

const signUpWith = (fields: Record<string, unknown>) => {
  const email = uniqueEmail("bounds");
  return { email, response: post("/sign-up/email", { email, password: "password123", ...fields }) };
};

describe("better-auth's sign-up refuses what the profile form would", () => {
  it("a 250 KB name is refused (400, the spec's text) and no account is made", async () => {
    const { email, response } = signUpWith({ name: "x".repeat(250_000) });
    const answer = await response;
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ message: VALIDATION.nameTooLong });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("a name with control or bidi-override characters is refused (400), no account", async () => {
    for (const name of ["Ann\u0000", "evil\u202Egnp.exe", "line\nbreak"]) {
      const { email, response } = signUpWith({ name });
      const answer = await response;
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ message: VALIDATION.nameInvalidCharacters });
      expect(await userByEmail(email)).toBeUndefined();
    }
  });

  it("a blank name is refused (400, 'Name is required'), no account", async () => {
    const { email, response } = signUpWith({ name: "   " });
    const answer = await response;
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ message: VALIDATION.nameRequired });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("a picture URL of the user's choosing is refused (400), no account", async () => {
    const { email, response } = signUpWith({ name: "Ann", image: "https://evil.example/p.png" });
    const answer = await response;
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ message: VALIDATION.imageNotAllowed });
    expect(await userByEmail(email)).toBeUndefined();
  });
});

describe("better-auth's update-user refuses the same and changes nothing", () => {
  it("a 250 KB name or a control character is refused (400), the name stays", async () => {
    const ann = await t.server.signUp();
    const before = await userById(ann.id);
    for (const name of ["x".repeat(250_000), "Ann\u0007"]) {
      expect((await post("/update-user", { name }, ann.cookie)).status).toBe(400);
    }
    expect((await userById(ann.id))?.name).toBe(before?.name);
  });

  it("an image on another host (it would leak strangers' addresses) is refused (400)", async () => {
    const ann = await t.server.signUp();
    for (const image of ["https://evil.example/pixel.png", "/files/avatars/someone-else/a.png"]) {
      const answer = await post("/update-user", { image }, ann.cookie);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ message: VALIDATION.imageNotAllowed });
    }
    expect((await userById(ann.id))?.image).toBeNull();
  });

  it("a name is trimmed and an empty image means the generated avatar", async () => {
    const ann = await t.server.signUp();
    expect(
      (await post("/update-user", { name: "  Ann B  ", image: null }, ann.cookie)).status,
    ).toBe(200);
    const row = await userById(ann.id);
    expect(row?.name).toBe("Ann B");
    expect(row?.image).toBeNull();
  });
});

describe("the profile procedure keeps the same rules", () => {
  it("user.updateProfile refuses a control character (400) and changes nothing", async () => {
    const ann = await t.server.signUp();
    const before = await userById(ann.id);
    await expect(
      ann.client.user.updateProfile({ name: "Ann\u001b[31m", bio: "" }),
    ).rejects.toMatchObject({ status: 400, message: VALIDATION.nameInvalidCharacters });
    expect((await userById(ann.id))?.name).toBe(before?.name);
  });
});

describe("nobody's e-mail reaches anyone else", () => {
  it("the follow lists carry names and flags, not the other people's e-mail addresses", async () => {
    const ann = await t.server.signUp();
    const bob = await t.server.signUp();
    await t.server.runtime.services.db.insert(follow).values([
      { followerId: ann.id, followingId: bob.id },
      { followerId: bob.id, followingId: ann.id },
    ]);
    const lists = await ann.client.user.userFollowing();
    expect(lists.mutual.map((p) => p.id)).toEqual([bob.id]);
    expect(JSON.stringify(lists)).not.toContain(bob.email);
    expect(JSON.stringify(lists)).not.toContain("@");
  });
});
