import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEEDBACK_PAGE_SIZE, PERMISSION, VALIDATION } from "@chatsphere/contract";
import { contentSnapshot } from "./content-fixtures";
import { createTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const firstPage = { limit: FEEDBACK_PAGE_SIZE, offset: 0 };

describe("feedback.create and feedback.listUser", () => {
  it("stores a user's feedback and lists only their own, newest first", async () => {
    const ann = await server.signUp();
    const bob = await server.signUp();
    const one = await ann.client.feedback.create({ message: "  Love it  " });
    expect(one).toEqual({
      id: expect.any(String),
      message: "Love it",
      createdAt: expect.any(Date),
    });
    const two = await ann.client.feedback.create({ message: "Dark mode please" });
    await bob.client.feedback.create({ message: "Bob's note" });
    const mine = await ann.client.feedback.listUser(firstPage);
    expect(mine.feedbacks.map((f) => f.id)).toEqual([two.id, one.id]);
    expect(mine.hasMore).toBe(false);
    expect(mine.feedbacks[0]).not.toHaveProperty("user");
  });

  it("refuses an empty message with the spec's text (400) and stores nothing", async () => {
    const ann = await server.signUp();
    const before = await contentSnapshot(server);
    await expect(ann.client.feedback.create({ message: "   " })).rejects.toMatchObject({
      status: 400,
      message: VALIDATION.feedbackEmpty,
    });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("refuses visitors (401) and guests (403) and stores nothing", async () => {
    const guest = await server.signInAsGuest();
    const before = await contentSnapshot(server);
    await expect(server.client().feedback.create({ message: "hi" })).rejects.toMatchObject({
      status: 401,
      message: PERMISSION.unauthorized,
    });
    await expect(guest.client.feedback.create({ message: "hi" })).rejects.toMatchObject({
      status: 403,
    });
    await expect(guest.client.feedback.listUser(firstPage)).rejects.toMatchObject({ status: 403 });
    await expect(server.client().feedback.listUser(firstPage)).rejects.toMatchObject({
      status: 401,
    });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("limits how fast one user can send feedback (429)", async () => {
    const ann = await server.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        await ann.client.feedback
          .create({ message: `m${i}` })
          .then(() => 200)
          .catch((error: { status: number }) => error.status),
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const mine = await ann.client.feedback.listUser(firstPage);
    expect(mine.feedbacks.map((f) => f.message).sort()).toEqual(["m0", "m1", "m2", "m3", "m4"]);
  });
});

describe("feedback.list (admin)", () => {
  it("lists everyone's feedback with the sender's name and e-mail, 20 per page", async () => {
    const admin = await server.createAdmin();
    const senders = await Promise.all([server.signUp(), server.signUp(), server.signUp()]);
    for (const sender of senders) {
      for (let i = 0; i < 5; i++)
        await sender.client.feedback.create({ message: `${sender.email} ${i}` });
    }
    const first = await admin.client.feedback.list(firstPage);
    expect(first.feedbacks).toHaveLength(FEEDBACK_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const newest = first.feedbacks[0];
    expect(newest?.user).toEqual({ name: expect.any(String), email: senders[2]?.email });
    expect(newest?.message).toBe(`${senders[2]?.email} 4`);
  });

  it("refuses visitors (401), guests and users (403)", async () => {
    const guest = await server.signInAsGuest();
    const user = await server.signUp();
    await expect(server.client().feedback.list(firstPage)).rejects.toMatchObject({ status: 401 });
    await expect(guest.client.feedback.list(firstPage)).rejects.toMatchObject({ status: 403 });
    await expect(user.client.feedback.list(firstPage)).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.notAllowed("feedback.list"),
    });
  });
});
