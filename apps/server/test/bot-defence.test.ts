import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAFETY_ERROR } from "@chatsphere/contract";
import { room, strangerPause } from "../src/db/schema";
import { BOT_DEFENCE, noteStrangerSkip } from "../src/moderation/bot-defence";
import { useTestServer, type TestUser } from "./harness";
import { roomOfKind, rowsOf } from "./message-fixtures";

/*
 * The bot defence of stranger chat (issue 14): one opener sent to stranger after stranger, and
 * skips faster than anyone reads, slow the session down and then pause it from stranger chat,
 * with a clear message each time.
 */

const t = useTestServer();
const db = () => t.server.runtime.services.db;

const pauseOf = async (userId: string) =>
  (await db().select().from(strangerPause).where(eq(strangerPause.userId, userId)))[0] ?? null;

/** A stranger chat of `who` with a new guest, as a match makes one. */
async function freshChat(who: TestUser) {
  return roomOfKind(db(), "stranger", who, await t.server.signInAsGuest());
}

describe("the same text to one stranger after another", () => {
  it("the third chat opened with it is refused with a minute's pause, the fifth with a long pause", async () => {
    const bot = await t.server.signInAsGuest();
    const opener = "Hey cutie, check my profile at example.com";
    for (let chat = 1; chat <= BOT_DEFENCE.repeatedTextPauseAt; chat++) {
      const roomId = await freshChat(bot);
      // Case and spacing do not make it new.
      const content = chat % 2 ? opener : `  ${opener.toUpperCase()} `;
      const send = bot.client.message.send({ roomId, content });
      if (chat < BOT_DEFENCE.repeatedTextSlowAt) {
        await expect(send).resolves.toMatchObject({ content: content.trim() });
        continue;
      }
      const message =
        chat < BOT_DEFENCE.repeatedTextPauseAt
          ? SAFETY_ERROR.repeatedText
          : SAFETY_ERROR.pausedFor(BOT_DEFENCE.longPauseMs / 60_000);
      await expect(send, `chat ${chat}`).rejects.toMatchObject({ status: 429, message });
      // Nothing stored; something else for this person still goes through.
      expect(await rowsOf(db(), roomId)).toEqual([]);
      await expect(
        bot.client.message.send({ roomId, content: `hello person number ${chat}` }),
      ).resolves.toBeDefined();
    }
    await expect(bot.client.room.findStranger({ continent: "World" })).rejects.toMatchObject({
      status: 429,
      message: SAFETY_ERROR.pausedFor(BOT_DEFENCE.longPauseMs / 60_000),
    });
    expect(await pauseOf(bot.id)).toMatchObject({ reason: "repeated-text" });
  });

  it("a person saying the same thing twice in one chat, or greeting two strangers alike, is never slowed", async () => {
    const person = await t.server.signInAsGuest();
    const first = await freshChat(person);
    for (let i = 0; i < 4; i++) await person.client.message.send({ roomId: first, content: "hi" });
    const second = await freshChat(person);
    await person.client.message.send({ roomId: second, content: "hi" });
    expect(await pauseOf(person.id)).toBeNull();
  });
});

describe("skipping faster than anyone reads", () => {
  it("makes the next search wait, then pauses stranger chat; slow skips never count", async () => {
    const skipper = await t.server.signInAsGuest();
    const deps = t.server.runtime.services;
    // Skips of chats that lasted longer than a glance are what people do.
    for (let i = 0; i < BOT_DEFENCE.fastSkipsPauseAt; i++) {
      const roomId = await freshChat(skipper);
      await db()
        .update(room)
        .set({ createdAt: sql`now() - interval '10 seconds'` })
        .where(eq(room.id, roomId));
      await noteStrangerSkip(deps, { userId: skipper.id, roomId });
    }
    expect(await pauseOf(skipper.id)).toBeNull();

    for (let i = 1; i <= BOT_DEFENCE.fastSkipsPauseAt; i++) {
      await noteStrangerSkip(deps, { userId: skipper.id, roomId: await freshChat(skipper) });
      if (i === BOT_DEFENCE.fastSkipsSlowAt) {
        const refusal = await skipper.client.room
          .findStranger({ continent: "World" })
          .catch((error: { status: number; message: string }) => error);
        expect(refusal).toMatchObject({ status: 429 });
        expect((refusal as { message: string }).message).toMatch(
          /^Slow down: you can look for a new stranger in \d+ seconds?\.$/,
        );
      }
    }
    await expect(skipper.client.room.findStranger({ continent: "World" })).rejects.toMatchObject({
      status: 429,
      message: SAFETY_ERROR.pausedFor(BOT_DEFENCE.longPauseMs / 60_000),
    });
    expect(await pauseOf(skipper.id)).toMatchObject({ reason: "fast-skips" });
  });
});
