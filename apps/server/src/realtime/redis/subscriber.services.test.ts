import { randomUUID } from "node:crypto";
import net, { type AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "../../logger";
import { RedisSubscriber } from "./subscriber";
import { testServices } from "../../../test/services";

/*
 * The pub/sub connection against a real Redis (decision 0046), also through a TCP relay the
 * tests can cut or stop, as a network or a Redis restart would. Runs in
 * `npm run test:services`.
 */
const url = testServices().redisUrl;

/** A logger that keeps what it was told. */
function recordingLogger() {
  const lines: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
  return { logger, lines };
}

/** A TCP relay to Redis on a port of its own, which keeps its port when started again. */
function relayTo(target: URL) {
  const open = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const relay = {
    async start() {
      const next = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        open.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        for (const socket of [client, upstream]) socket.on("error", drop).on("close", drop);
      });
      await new Promise<void>((resolve) => next.listen(port, "127.0.0.1", resolve));
      port = (next.address() as AddressInfo).port;
      server = next;
    },
    /** Drops every connection through it (it still takes new ones). */
    cut() {
      for (const socket of open) socket.destroy();
    },
    /** Takes no connection any more, and drops those it has. */
    async stop() {
      const closing = server;
      server = null;
      relay.cut();
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
    get url() {
      const through = new URL(target);
      through.hostname = "127.0.0.1";
      through.port = String(port);
      return through.toString();
    },
  };
  return relay;
}

describe("Redis subscriber", () => {
  const prefix = `test-subscriber-${randomUUID()}:`;
  const publisher = new Redis(url, { lazyConnect: true });
  const subscribers: RedisSubscriber[] = [];
  const relays: ReturnType<typeof relayTo>[] = [];

  beforeAll(async () => {
    await publisher.connect();
  });
  afterEach(async () => {
    await Promise.all(subscribers.splice(0).map((s) => s.close()));
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await publisher.quit();
  });

  /** A connected subscriber and what it received, as `channel message` lines. */
  async function subscriber(at = url, name?: string) {
    const { logger, lines } = recordingLogger();
    const s = new RedisSubscriber(at, logger, name);
    subscribers.push(s);
    await s.connect();
    const got: string[] = [];
    s.onMessage((channel, message) => got.push(`${channel.slice(prefix.length)} ${message}`));
    return { s, got, lines };
  }
  const subscribersOf = async (channel: string) =>
    Number(((await publisher.pubsub("NUMSUB", prefix + channel)) as [string, number])[1]);

  it("hands on each message of the channels it holds, from the confirmation on, in order", async () => {
    const { s, got } = await subscriber();
    await s.subscribe(prefix + "a");
    await s.subscribe(prefix + "ü");
    const big = "x".repeat(300_000);
    // No wait after the subscribes: their confirmation means the messages are theirs.
    await publisher.publish(prefix + "a", "one");
    await publisher.publish(prefix + "other", "not held");
    await publisher.publish(prefix + "ü", "zwei €");
    await publisher.publish(prefix + "a", big);
    await publisher.publish(prefix + "a", "three\r\n*3\r\n");
    await expect.poll(() => got.length).toBe(4);
    expect(got).toEqual(["a one", "ü zwei €", `a ${big}`, "a three\r\n*3\r\n"]);

    s.unsubscribe(prefix + "a");
    await expect.poll(() => subscribersOf("a")).toBe(0);
    await publisher.publish(prefix + "a", "after");
    await publisher.publish(prefix + "ü", "last");
    await expect.poll(() => got.length).toBe(5);
    expect(got.at(-1)).toBe("ü last");
  });

  it("logs a listener's error and hands on the next message", async () => {
    const { s, got, lines } = await subscriber();
    s.onMessage((channel, message) => {
      if (message.toString() === "bad") throw new Error("listener failed");
      got.push(`${channel.slice(prefix.length)} ${message}`);
    });
    await s.subscribe(prefix + "b");
    await publisher.publish(prefix + "b", "bad");
    await publisher.publish(prefix + "b", "good");
    await expect.poll(() => got).toEqual(["b good"]);
    expect(lines).toEqual([`error redis subscriber: a message on ${prefix}b failed`]);
  });

  it("subscribes again to what it holds after a lost connection", async () => {
    const relay = relayTo(new URL(url));
    relays.push(relay);
    await relay.start();
    const { s, got } = await subscriber(relay.url);
    await s.subscribe(prefix + "c");
    await s.subscribe(prefix + "d");
    s.unsubscribe(prefix + "d");
    relay.cut();
    await expect.poll(() => subscribersOf("c")).toBe(0);
    await expect.poll(() => subscribersOf("c"), { timeout: 5_000 }).toBe(1);
    expect(await subscribersOf("d")).toBe(0);
    await publisher.publish(prefix + "c", "back");
    await expect.poll(() => got).toEqual(["c back"]);

    // A subscribe asked for while Redis cannot be reached is sent once it can.
    await relay.stop();
    const later = s.subscribe(prefix + "e");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await relay.start();
    await later;
    await publisher.publish(prefix + "e", "late");
    await expect.poll(() => got).toEqual(["c back", "e late"]);
  });

  it("refuses a subscribe that waited through three failed reconnects, and recovers", async () => {
    const relay = relayTo(new URL(url));
    relays.push(relay);
    await relay.start();
    const { s, got, lines } = await subscriber(relay.url);
    await relay.stop();
    await expect(s.subscribe(prefix + "f")).rejects.toThrow("Redis could not be reached");
    expect(lines.filter((l) => l.includes("reconnecting")).length).toBeGreaterThanOrEqual(3);
    await relay.start();
    await s.subscribe(prefix + "g");
    await publisher.publish(prefix + "g", "again");
    await expect.poll(() => got).toEqual(["g again"]);
  });

  it("signs in with the address's user and password, under its name; a wrong password fails at the start", async () => {
    const user = `test-subscriber-${randomUUID()}`;
    await publisher.call("ACL", "SETUSER", user, "on", ">secret word", "~*", "&*", "+@all");
    try {
      const at = new URL(url);
      at.username = user;
      at.password = encodeURIComponent("secret word");
      const { s, got } = await subscriber(at.toString(), `${prefix}named`);
      await s.subscribe(prefix + "h");
      await publisher.publish(prefix + "h", "signed in");
      await expect.poll(() => got).toEqual(["h signed in"]);
      const clients = String(await publisher.call("CLIENT", "LIST"));
      expect(clients).toContain(`name=${prefix}named`);
      expect(clients).toMatch(new RegExp(`name=${prefix}named .*user=${user}`));

      at.password = "wrong";
      const wrong = new RedisSubscriber(at.toString(), recordingLogger().logger);
      await expect(wrong.connect()).rejects.toThrow();
      await expect(wrong.subscribe(prefix + "h")).rejects.toThrow("closed");
    } finally {
      await publisher.call("ACL", "DELUSER", user);
    }
  });

  it("closed while it connects, its connect fails and it stays closed", async () => {
    const s = new RedisSubscriber(url, recordingLogger().logger);
    const connecting = expect(s.connect()).rejects.toThrow("redis subscriber: closed");
    await s.close();
    await connecting;
    await expect(s.subscribe(prefix + "i")).rejects.toThrow("closed");
  });

  it("fails at the start when Redis cannot be reached", async () => {
    const relay = relayTo(new URL(url));
    await relay.start();
    const closed = relay.url;
    await relay.stop();
    const s = new RedisSubscriber(closed, recordingLogger().logger);
    await expect(s.connect()).rejects.toThrow("ECONNREFUSED");
  });
});
