import {
  CLOSE_CODES,
  parseChannel,
  presenceModeOf,
  REALTIME_LIMITS,
  type ParsedChannel,
  type PresenceStatus,
} from "@chatsphere/contract";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Bus } from "./bus/types";
import { canSubscribe } from "./channel-auth";
import type { ChannelIndex } from "./channel-index";
import type { Connection } from "./connection";
import type { PresenceHub } from "./presence/hub";

/**
 * Subscribing and unsubscribing connections: authorization, the bus subscription of this
 * process (one per channel, however many local subscribers) and presence.
 */
export class Subscriptions {
  private readonly busRefs = new Map<string, { count: number; ready: Promise<void> }>();
  /** Channels a connection is being authorized for, and what happened to them meanwhile. */
  private readonly pending = new WeakMap<Connection, Map<string, Pending>>();

  constructor(
    private readonly deps: {
      db: Database;
      bus: Bus;
      index: ChannelIndex;
      presence: PresenceHub;
      logger: Logger;
      /** Whether the connection's session is still valid (it may have been signed out). */
      hasSession(connection: Connection): Promise<boolean>;
      /** After a subscription is confirmed (following:tab sends its snapshot then). */
      onSubscribed?(connection: Connection, channel: ParsedChannel): void;
    },
  ) {}

  async subscribe(connection: Connection, channel: string) {
    const parsed = parseChannel(channel);
    if (!parsed) return connection.sendFrame(errorFrame("bad_frame", "Unknown channel", channel));
    if (connection.channels.has(channel)) {
      return connection.sendFrame({ type: "subscribed", channel });
    }
    const pending = this.pendingOf(connection);
    const inFlight = pending.get(channel);
    if (inFlight) {
      // Asked for again while the first check runs (a page let go of the channel and took it
      // back): one client unsub is simply undone; a revocation needs a check of its own.
      if (inFlight.ended === "client") inFlight.ended = null;
      else if (inFlight.ended === "server") inFlight.again = true;
      return;
    }
    if (connection.channels.size + pending.size >= REALTIME_LIMITS.maxSubscriptions) {
      return connection.sendFrame(
        errorFrame("too_many_subscriptions", "Too many subscriptions", channel),
      );
    }
    const state: Pending = { ended: null, again: false };
    pending.set(channel, state);
    const mode = presenceModeOf(parsed);
    let holdsBus = false;
    let joined = false;
    try {
      if (!(await this.deps.hasSession(connection))) {
        return connection.close(CLOSE_CODES.unauthorized, "Session ended");
      }
      if (!(await canSubscribe(this.deps.db, connection.user.id, parsed))) {
        if (state.ended === "client") return;
        return connection.sendFrame(errorFrame("forbidden", "Not allowed", channel));
      }
      if (!connection.isOpen) return;
      await this.acquireBus(channel);
      holdsBus = true;
      let snapshot = null;
      if (mode) {
        this.deps.presence.join(channel, presenceUser(connection));
        joined = true;
        await this.deps.presence.ready(channel, mode);
        snapshot = await this.deps.presence.snapshot(channel, mode);
      }
      if (!connection.isOpen) return;
      // A ban or a leave that was published while this was authorized wins: the check above
      // read the membership before it ended. The client's own unsub was answered already.
      if (state.ended === "server" && !state.again) {
        return connection.sendFrame(errorFrame("forbidden", "Not allowed", channel));
      }
      if (state.ended) return;
      // No await from the snapshot to here: no presence diff can fall between the two.
      holdsBus = false;
      joined = false;
      this.deps.index.add(channel, connection);
      connection.sendFrame({ type: "subscribed", channel });
      if (snapshot) connection.sendFrame(snapshot);
      this.deps.onSubscribed?.(connection, parsed);
    } catch (error) {
      this.deps.logger.error(`realtime: could not subscribe ${channel}`, error);
      connection.sendFrame(errorFrame("unavailable", "Please try again", channel));
    } finally {
      pending.delete(channel);
      // Most connections subscribe once or twice, then idle: no empty set kept for each.
      if (pending.size === 0) this.pending.delete(connection);
      if (joined) {
        this.deps.presence.leave(channel, connection.user.id);
        if (!this.deps.index.has(channel)) this.deps.presence.release(channel);
      }
      if (holdsBus) this.releaseBus(channel);
      if (state.again && connection.isOpen) void this.subscribe(connection, channel);
    }
  }

  /**
   * Drops one subscription; false when the connection did not hold the channel. A subscription
   * still being authorized is marked, so it ends when its check returns (refused, when the
   * server took it away; silently, when the client let go of it and was answered at once).
   */
  unsubscribe(connection: Connection, channel: string, by: "client" | "server"): boolean {
    const inFlight = this.pending.get(connection)?.get(channel);
    if (inFlight && inFlight.ended !== "server") {
      inFlight.ended = by;
      if (by === "client") inFlight.again = false;
    }
    if (!connection.channels.has(channel)) return false;
    const wasLast = this.deps.index.remove(channel, connection);
    const parsed = parseChannel(channel);
    if (parsed && presenceModeOf(parsed)) {
      this.deps.presence.leave(channel, connection.user.id);
      if (wasLast) this.deps.presence.release(channel);
    }
    this.releaseBus(channel);
    return true;
  }

  track(connection: Connection, channel: string, status: PresenceStatus) {
    const parsed = parseChannel(channel);
    if (!connection.channels.has(channel) || !parsed || !presenceModeOf(parsed)) {
      return connection.sendFrame(errorFrame("not_subscribed", "Subscribe first", channel));
    }
    this.deps.presence.track(channel, connection.user.id, status);
  }

  dropAll(connection: Connection) {
    for (const channel of [...connection.channels]) this.unsubscribe(connection, channel, "server");
  }

  private pendingOf(connection: Connection) {
    let map = this.pending.get(connection);
    if (!map) this.pending.set(connection, (map = new Map()));
    return map;
  }

  private acquireBus(channel: string): Promise<void> {
    const ref = this.busRefs.get(channel);
    if (ref) {
      ref.count++;
      return ref.ready;
    }
    const ready = this.deps.bus.subscribe(channel);
    const entry = { count: 1, ready };
    this.busRefs.set(channel, entry);
    ready.catch(() => {
      if (this.busRefs.get(channel) === entry) this.busRefs.delete(channel);
    });
    return ready;
  }

  private releaseBus(channel: string) {
    const ref = this.busRefs.get(channel);
    if (!ref) return;
    if (--ref.count > 0) return;
    this.busRefs.delete(channel);
    this.deps.bus.unsubscribe(channel);
  }
}

/** A subscription being authorized: whether it was ended meanwhile and by whom, or re-asked. */
interface Pending {
  ended: "client" | "server" | null;
  /** Asked for again after the server ended it: checked again once this check returns. */
  again: boolean;
}

const presenceUser = (connection: Connection) => ({
  userId: connection.user.id,
  name: connection.user.name,
  image: connection.user.image,
});

export const errorFrame = (
  code: "bad_frame" | "forbidden" | "not_subscribed" | "too_many_subscriptions" | "unavailable",
  message: string,
  channel?: string,
) => ({ type: "error" as const, code, message, ...(channel ? { channel } : {}) });
