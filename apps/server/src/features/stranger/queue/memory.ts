import type { Region } from "@chatsphere/contract";
import {
  pairKey,
  SCAN_LIMIT,
  type EnqueueResult,
  type QueueUser,
  type StrangerQueue,
} from "./types";

/** Expired cool-downs are swept once this many have piled up (a sweep stops at a live one). */
const PRUNE_AT = 10_000;

type State =
  | { status: "waiting"; user: QueueUser; continent: Region; token: string; deadline: number }
  | { status: "matched"; user: QueueUser; continent: Region; roomId: string; partnerId: string };

/**
 * One process: plain maps. Every method runs to completion without awaiting, which makes
 * each of them atomic on Node's single thread.
 */
export function createMemoryQueue(options: {
  isOnline: (userId: string) => boolean;
  now?: () => number;
}): StrangerQueue {
  const now = options.now ?? Date.now;
  const states = new Map<string, State>();
  const queues = new Map<Region, Set<string>>();
  const cooldowns = new Map<string, number>();

  const queueOf = (continent: Region) => {
    let queue = queues.get(continent);
    if (!queue) queues.set(continent, (queue = new Set()));
    return queue;
  };
  const inCooldown = (a: string, b: string) => {
    const key = pairKey(a, b);
    const until = cooldowns.get(key);
    if (until === undefined) return false;
    if (until > now()) return true;
    cooldowns.delete(key);
    return false;
  };
  /** Drops expired cool-downs from the front (the oldest); stops at the first live one. */
  const pruneCooldowns = () => {
    const t = now();
    for (const [key, until] of cooldowns) {
      if (until > t) break;
      cooldowns.delete(key);
    }
  };
  const unqueue = (userId: string) => {
    const state = states.get(userId);
    if (state?.status !== "waiting") return;
    queues.get(state.continent)?.delete(userId);
    states.delete(userId);
  };

  function findPartner(me: string, continent: Region, avoid: ReadonlySet<string>): State | null {
    const queue = queueOf(continent);
    let scanned = 0;
    for (const candidate of queue) {
      if (candidate === me) continue;
      if (++scanned > SCAN_LIMIT) break;
      const state = states.get(candidate);
      const stale = state?.status !== "waiting" || state.deadline < now();
      if (stale || !options.isOnline(candidate)) {
        queue.delete(candidate);
        if (state?.status === "waiting") states.delete(candidate);
        continue;
      }
      if (!avoid.has(candidate) && !inCooldown(me, candidate)) return state;
    }
    return null;
  }

  return {
    enqueue(user, params): Promise<EnqueueResult> {
      const current = states.get(user.id);
      if (current?.status === "matched") {
        return Promise.resolve({ kind: "busy", roomId: current.roomId });
      }
      if (!options.isOnline(user.id)) return Promise.resolve({ kind: "offline" });
      unqueue(user.id);
      const partner = findPartner(user.id, params.continent, new Set(params.avoid));
      if (partner) {
        queueOf(params.continent).delete(partner.user.id);
        const { roomId } = params;
        states.set(partner.user.id, { ...partner, status: "matched", roomId, partnerId: user.id });
        states.set(user.id, {
          status: "matched",
          user,
          continent: params.continent,
          roomId,
          partnerId: partner.user.id,
        });
        return Promise.resolve({
          kind: "matched",
          roomId,
          partner: partner.user,
          partnerContinent: partner.continent,
        });
      }
      const deadline = now() + params.timeoutMs;
      queueOf(params.continent).add(user.id);
      states.set(user.id, {
        status: "waiting",
        user,
        continent: params.continent,
        token: params.token,
        deadline,
      });
      return Promise.resolve({ kind: "waiting", deadline });
    },

    expire(userId, token) {
      const state = states.get(userId);
      if (state?.status !== "waiting" || state.token !== token) return Promise.resolve(false);
      unqueue(userId);
      return Promise.resolve(true);
    },

    cancel(userId) {
      const state = states.get(userId);
      if (!state) return Promise.resolve({ kind: "idle" });
      if (state.status === "matched") {
        return Promise.resolve({ kind: "matched", roomId: state.roomId });
      }
      unqueue(userId);
      return Promise.resolve({ kind: "cancelled" });
    },

    end(userId, roomId) {
      const state = states.get(userId);
      if (state?.status !== "matched" || state.roomId !== roomId) return Promise.resolve(null);
      states.delete(userId);
      const partner = states.get(state.partnerId);
      if (partner?.status === "matched" && partner.roomId === roomId)
        states.delete(state.partnerId);
      if (!partner) return Promise.resolve(null);
      return Promise.resolve({ partner: partner.user, partnerContinent: partner.continent });
    },

    cooldown(a, b, ms) {
      if (cooldowns.size > PRUNE_AT) pruneCooldowns();
      const key = pairKey(a, b);
      // Re-inserted so the map stays in expiry order (every cool-down is as long).
      cooldowns.delete(key);
      cooldowns.set(key, now() + ms);
      return Promise.resolve();
    },

    close: () => Promise.resolve(),
  };
}
