import { randomUUID } from "node:crypto";
import {
  MATCH_TIMEOUT_MS,
  PERMISSION,
  SKIP_COOLDOWN_MS,
  TEXT,
  userChannel,
  type Region,
  type RoomClosedReason,
  type SkipStrangerInput,
  type StrangerStatus,
} from "@chatsphere/contract";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { RealtimePublisher } from "../../realtime/realtime";
import { announceClosed, matchedRoom } from "./room-events";
import type { StrangerRoomStore } from "./room-store";
import { WaitTimers } from "./wait-timers";
import type { EndedMatch, QueueUser, StrangerQueue } from "./queue/types";

/** Who may look for strangers, and whom they never meet (issue 14: pauses and blocks). */
export interface StrangerGuard {
  /**
   * Throws an AppError with its text when this user may not look for strangers now; else
   * the users this one is never paired with: blocked, either way.
   */
  admit(userId: string): Promise<string[]>;
  /** The user skipped this chat (skipping faster than anyone reads slows them down). */
  skipped(userId: string, roomId: string): Promise<void>;
}

const NO_GUARD: StrangerGuard = {
  admit: () => Promise.resolve([]),
  skipped: () => Promise.resolve(),
};

export interface StrangerDeps {
  rooms: StrangerRoomStore;
  queue: StrangerQueue;
  realtime: RealtimePublisher;
  logger: Logger;
  timeoutMs?: number;
  guard?: StrangerGuard;
}

type Result = Promise<{ status: StrangerStatus }>;

/**
 * Stranger matching (SPEC §4): idle -> waiting -> matched, the 10 s wait, skip with a
 * cool-down, leave and disconnect. The queue decides atomically who pairs with whom; this
 * service creates the room, tells both sides and keeps this process's wait timers.
 */
export class StrangerService {
  private readonly timers: WaitTimers;

  constructor(private readonly deps: StrangerDeps) {
    this.timers = new WaitTimers(deps.timeoutMs ?? MATCH_TIMEOUT_MS, (userId, token) => {
      void this.expire(userId, token);
    });
  }

  async find(user: QueueUser, continent: Region): Result {
    const guard = this.deps.guard ?? NO_GUARD;
    const avoid = await guard.admit(user.id);
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = randomUUID();
      const roomId = randomUUID();
      const params = { continent, token, roomId, timeoutMs: this.timers.timeoutMs, avoid };
      const result = await this.deps.queue.enqueue(user, params);
      switch (result.kind) {
        case "offline":
          throw new AppError("CONFLICT", PERMISSION.connectFirst);
        case "busy":
          await this.endMatch(user.id, result.roomId, "left");
          continue;
        case "waiting":
          this.timers.start(user.id, token);
          this.publishUser(user.id, "stranger_waiting", { continent, deadline: result.deadline });
          return { status: "waiting" };
        case "matched":
          await this.openRoom(user, continent, result);
          return { status: "matched" };
      }
    }
    throw new AppError("CONFLICT", PERMISSION.notInStrangerChat);
  }

  async skip(user: QueueUser, input: SkipStrangerInput): Result {
    const ended = await this.deps.queue.end(user.id, input.roomId);
    if (!ended) {
      // The other side ended this chat first; skipping then just means looking again.
      await this.assertMember(user.id, input.roomId);
      return this.find(user, input.continent);
    }
    await this.deps.queue.cooldown(user.id, ended.partner.id, SKIP_COOLDOWN_MS);
    // Told before the room closes, so the skipped side knows why its room went away.
    this.publishUser(ended.partner.id, "stranger_skipped", { roomId: input.roomId });
    await this.closeRoom(input.roomId, user.id, ended, "skipped");
    await (this.deps.guard ?? NO_GUARD).skipped(user.id, input.roomId);
    try {
      return await this.find(user, input.continent);
    } finally {
      if (input.requeueOther) await this.requeue(ended);
      else this.publishUser(ended.partner.id, "stranger_idle", {});
    }
  }

  /** room.leave on a stranger room: both sides go idle; the other side re-queues itself. */
  async leave(userId: string, roomId: string): Promise<void> {
    const ended = await this.endMatch(userId, roomId, "left");
    if (!ended) {
      // No match state (already ended, or lost with a restarted process): still close the room.
      await this.assertMember(userId, roomId);
      if (await this.deps.rooms.close(roomId)) {
        announceClosed(this.deps.realtime, {
          roomId,
          reason: "left",
          byUserId: userId,
          members: [userId],
        });
      }
    }
    this.publishUser(userId, "stranger_idle", {});
  }

  async cancel(userId: string): Result {
    const result = await this.deps.queue.cancel(userId);
    if (result.kind === "matched") return { status: "matched" };
    this.timers.clear(userId);
    if (result.kind === "cancelled") this.publishUser(userId, "stranger_idle", {});
    return { status: "idle" };
  }

  /** The user's last connection closed: leave the queue, or end the chat for the other side. */
  async handleOffline(userId: string) {
    const result = await this.deps.queue.cancel(userId);
    this.timers.clear(userId);
    if (result.kind === "matched") await this.endMatch(userId, result.roomId, "disconnected");
  }

  close() {
    this.timers.clearAll();
  }

  private async openRoom(
    user: QueueUser,
    continent: Region,
    match: { roomId: string; partner: QueueUser; partnerContinent: Region },
  ) {
    const { roomId, partner } = match;
    this.timers.clear(user.id);
    this.timers.clear(partner.id);
    try {
      await this.deps.rooms.create({ roomId, userIds: [user.id, partner.id] });
    } catch (error) {
      await this.deps.queue.end(user.id, roomId);
      this.publishUser(partner.id, "stranger_idle", {});
      this.deps.logger.error("stranger: could not create the room", error);
      throw new AppError("INTERNAL_SERVER_ERROR", "Could not start the chat.");
    }
    const forPartner = matchedRoom(roomId, user, match.partnerContinent);
    this.publishUser(user.id, "stranger_matched", {
      room: matchedRoom(roomId, partner, continent),
    });
    this.publishUser(partner.id, "stranger_matched", { room: forPartner });
  }

  private async endMatch(userId: string, roomId: string, reason: RoomClosedReason) {
    const ended = await this.deps.queue.end(userId, roomId);
    if (ended) await this.closeRoom(roomId, userId, ended, reason);
    return ended;
  }

  private async closeRoom(
    roomId: string,
    byUserId: string,
    ended: EndedMatch,
    reason: RoomClosedReason,
  ) {
    await this.deps.rooms.close(roomId);
    const members = [byUserId, ended.partner.id];
    announceClosed(this.deps.realtime, { roomId, reason, byUserId, members });
  }

  /** Puts a skipped partner back in their own queue; if they cannot wait, they go idle. */
  private async requeue(ended: EndedMatch) {
    try {
      await this.find(ended.partner, ended.partnerContinent);
    } catch {
      this.publishUser(ended.partner.id, "stranger_idle", {});
    }
  }

  private async assertMember(userId: string, roomId: string) {
    if (!(await this.deps.rooms.isMember({ roomId, userId }))) {
      throw new AppError("FORBIDDEN", PERMISSION.notInStrangerChat);
    }
  }

  private async expire(userId: string, token: string) {
    try {
      if (!(await this.deps.queue.expire(userId, token))) return;
      this.publishUser(userId, "stranger_no_matches", { reason: TEXT.noMatchReason });
      this.publishUser(userId, "stranger_idle", {});
    } catch (error) {
      this.deps.logger.error("stranger: could not end a wait", error);
    }
  }

  private publishUser: RealtimePublisher["publish"] = (userId, event, payload) =>
    this.deps.realtime.publish(userChannel(userId), event, payload);
}
