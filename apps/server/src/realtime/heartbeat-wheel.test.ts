import { describe, expect, it } from "vitest";
import { HeartbeatWheel, type Beating } from "./heartbeat-wheel";

function fake(answers = true) {
  const connection = {
    isAlive: true,
    heartbeatSlot: -1,
    pings: 0,
    terminated: false,
    answers,
    ping() {
      connection.pings++;
    },
    terminate() {
      connection.terminated = true;
    },
    /** What the gateway does when a pong (or any frame) arrives. */
    answer() {
      if (connection.answers) connection.isAlive = true;
    },
  };
  return connection satisfies Beating;
}

describe("HeartbeatWheel", () => {
  it("pings one slice per tick, each connection once per round", () => {
    const wheel = new HeartbeatWheel<ReturnType<typeof fake>>(4);
    const all = Array.from({ length: 100 }, () => fake());
    all.forEach((c) => wheel.add(c));
    expect(wheel.size).toBe(100);
    wheel.tick();
    expect(all.filter((c) => c.pings === 1)).toHaveLength(25);
    for (let i = 0; i < 3; i++) wheel.tick();
    expect(all.every((c) => c.pings === 1)).toBe(true);
  });

  it("terminates a connection that did not answer by its next turn, and keeps the others", () => {
    const wheel = new HeartbeatWheel<ReturnType<typeof fake>>(3);
    const all = [fake(), fake(false), fake(), fake(), fake(false), fake()];
    all.forEach((c) => wheel.add(c));
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 3; i++) wheel.tick();
      all.forEach((c) => c.answer());
    }
    expect(all.map((c) => c.terminated)).toEqual([false, true, false, false, true, false]);
    expect(all.filter((c) => !c.terminated).every((c) => c.pings === 2)).toBe(true);
  });

  it("forgets closed connections and deals new ones evenly", () => {
    const wheel = new HeartbeatWheel<ReturnType<typeof fake>>(2);
    const [a, b, c] = [fake(), fake(), fake()];
    [a, b, c].forEach((x) => wheel.add(x));
    wheel.add(a);
    expect(wheel.size).toBe(3);
    expect(wheel.delete(b)).toBe(true);
    expect(wheel.delete(b)).toBe(false);
    expect([...wheel.values()]).toEqual(expect.arrayContaining([a, c]));
    expect(wheel.size).toBe(2);
    wheel.tick();
    wheel.tick();
    expect([a.pings, b.pings, c.pings]).toEqual([1, 0, 1]);
  });
});
