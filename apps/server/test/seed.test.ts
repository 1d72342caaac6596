import { count, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../src/db/seed/demo-content";
import { DEMO_PASSWORD, demoEmail, PEOPLE } from "../src/db/seed/people";
import { blog, comment, message, user } from "../src/db/schema";
import { createTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const countOf = async (table: typeof user | typeof blog | typeof message) => {
  const [row] = await server.runtime.services.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

describe("npm run seed", () => {
  it("fills people, room talk, posts and approved comments, once", async () => {
    const { db } = server.runtime.services;
    const result = await seedDemoContent(db);
    expect(result).toEqual({ people: PEOPLE.length, posts: 5 });
    expect(await countOf(user)).toBe(PEOPLE.length);
    expect(await countOf(message)).toBeGreaterThan(10);
    const [approved] = await db
      .select({ n: count() })
      .from(comment)
      .where(isNotNull(comment.approvedAt));
    expect(approved?.n).toBeGreaterThan(3);

    expect(await seedDemoContent(db)).toBeNull();
    expect(await countOf(blog)).toBe(5);
  });

  it("gives demo people accounts that can log in, and makes no admin", async () => {
    const person = await server.signIn(demoEmail(PEOPLE[1].name), DEMO_PASSWORD);
    expect(person.id).toBeTruthy();
    await expect(
      server
        .client()
        .blog.listBlogs({ limit: 10, offset: 0, sort: { field: "updatedAt", order: "desc" } }),
    ).resolves.toMatchObject({
      blogs: expect.arrayContaining([
        expect.objectContaining({ slug: "ten-conversation-starters-that-actually-work" }),
      ]),
    });
    const admins = (await server.runtime.services.db.select({ role: user.role }).from(user)).filter(
      (u) => u.role === "admin",
    );
    expect(admins).toEqual([]);
  });
});
