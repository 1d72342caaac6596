import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_ERROR, PERMISSION, VALIDATION } from "@chatsphere/contract";
import { contentSnapshot, unique } from "./content-fixtures";
import { createTestServer, type TestServer, type TestUser } from "./harness";

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server.close());

describe.each([
  { kind: "tag", create: "createTag", list: "listTags", duplicate: CONTENT_ERROR.duplicateTag },
  {
    kind: "category",
    create: "createCategory",
    list: "listCategories",
    duplicate: CONTENT_ERROR.duplicateCategory,
  },
] as const)("admin $kind procedures", ({ create, list, duplicate }) => {
  it("creates a trimmed name and lists it, ordered by name ignoring case", async () => {
    const b = unique("beta");
    const a = unique("Alpha");
    const created = await admin.client.admin[create]({ name: `  ${b} ` });
    expect(created).toEqual({ id: expect.any(String), name: b });
    await admin.client.admin[create]({ name: a });
    const page = await admin.client.admin[list]();
    const names = ("tags" in page ? page.tags : page.categories).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining([a, b]));
    expect(names.indexOf(a)).toBeLessThan(names.indexOf(b));
  });

  it("refuses a duplicate name, ignoring case, with a clear 409 and no second row", async () => {
    const name = unique("News");
    await admin.client.admin[create]({ name });
    const before = await contentSnapshot(server);
    await expect(admin.client.admin[create]({ name: name.toUpperCase() })).rejects.toMatchObject({
      status: 409,
      message: duplicate,
    });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("refuses an empty name with the spec's message (400)", async () => {
    await expect(admin.client.admin[create]({ name: "   " })).rejects.toMatchObject({
      status: 400,
      message: VALIDATION.nameRequired,
    });
  });

  it("refuses visitors (401), guests and users (403) and stores nothing", async () => {
    const guest = await server.signInAsGuest();
    const user = await server.signUp();
    const before = await contentSnapshot(server);
    await expect(server.client().admin[create]({ name: unique("x") })).rejects.toMatchObject({
      status: 401,
      message: PERMISSION.unauthorized,
    });
    for (const caller of [guest, user]) {
      await expect(caller.client.admin[create]({ name: unique("x") })).rejects.toMatchObject({
        status: 403,
      });
      await expect(caller.client.admin[list]()).rejects.toMatchObject({ status: 403 });
    }
    await expect(server.client().admin[list]()).rejects.toMatchObject({ status: 401 });
    expect(await contentSnapshot(server)).toEqual(before);
  });
});
