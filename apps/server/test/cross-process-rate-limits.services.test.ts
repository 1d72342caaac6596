import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { userChannel } from "@chatsphere/contract";
import { testServices } from "./services";
import { useTwoProcesses, type Client } from "./two-processes";

/*
 * Rate limits as processes come and go (decision 0045): a process alone counts them itself
 * and writes nothing to Redis; a process that starts later finds what the first one counted.
 * Runs in `npm run test:services`.
 */
describe("rate limits of a process alone, then of two", () => {
  const two = useTwoProcesses({ name: "xrl", started: 1 });
  const { redisUrl } = testServices();

  const statusOf = (client: Client) =>
    client.room.findStranger({ continent: "Antarctica" }).then(
      () => 200,
      (error: { status?: number }) => error.status ?? 0,
    );

  it("what a process counted alone holds on a process that starts after it", async () => {
    const redis = new Redis(redisUrl);
    try {
      const ann = await two.guestOn(0);
      // Looking for a stranger takes an open socket (the match arrives on it).
      await two.socketOn(0, ann, userChannel(ann.id));
      const first = ann.on[0] as Client;
      const counted = [];
      for (let i = 0; i < 15; i++) counted.push(await statusOf(first));
      expect(counted).toEqual(Array.from({ length: 15 }, () => 200));
      // Counted by the process itself: Redis holds no counter of Ann's.
      const annKeys = async () => (await redis.keys("*rl:*")).filter((k) => k.includes(ann.id));
      expect(await annKeys()).toEqual([]);

      // A second process starts: the first adds its counts to Redis before it answers the
      // second's hello, and the second takes requests only after that answer.
      const index = await two.startAnother();
      const second = two.clientOn(two.bases[index] ?? "", ann.cookie);
      await two.socketOn(index, ann, userChannel(ann.id));
      const [key] = await annKeys();
      expect(key).toContain(":u:");
      expect(await redis.get(key ?? "")).toBe("15");
      const later = [];
      for (let i = 0; i < 7; i++) later.push(await statusOf(i % 2 === 0 ? second : first));
      // 20 per minute per user: 5 left, whichever process answers.
      expect(later).toEqual([200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await redis.quit();
    }
  });
});
