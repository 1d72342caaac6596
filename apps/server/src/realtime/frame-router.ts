import type { RawData } from "ws";
import {
  callIdField,
  clientFrameSchema,
  CLOSE_CODES,
  parseChannel,
  REALTIME_LIMITS,
  SOCKET_PROCEDURES,
  type ClientFrame,
} from "@chatsphere/contract";
import type { Logger } from "../logger";
import type { Bus } from "./bus/types";
import { malformedCall, rateLimitedCall, unknownProcedure, type SocketCalls } from "./calls";
import type { ChannelIndex } from "./channel-index";
import { encodeEvent, type Connection } from "./connection";
import { CONTROL_CHANNEL, PRESENCE_CHANGED_PREFIX, parseInternal } from "./internal-channels";
import type { OnlineRegistry } from "./online/types";
import type { PresenceHub } from "./presence/hub";
import { errorFrame, type Subscriptions } from "./subscriptions";

/** Messages between processes on CONTROL_CHANNEL. */
type Control =
  { kind: "revoke"; channel: string; userIds: string[] } | { kind: "sessions"; userIds: string[] };

export interface FrameRouterOptions {
  bus: Bus;
  index: ChannelIndex;
  subscriptions: Subscriptions;
  presence: PresenceHub;
  online: OnlineRegistry;
  logger: Logger;
  /** `call` frames: procedures carried by the socket (decision 0032). */
  calls: Pick<SocketCalls, "handle">;
  /** A user's first connection on this process opened (they may be online elsewhere too). */
  onUserOnline(userId: string): void;
  onUserOffline(userId: string): void;
  /** Users' sessions changed on some process (this one included): see `sessionsChanged`. */
  onSessionsChanged(userIds: string[]): void;
}

/**
 * Everything after the handshake: client frames in (rate-limited, validated, dispatched),
 * bus frames out to local subscribers, and control messages between processes.
 */
export class FrameRouter {
  constructor(private readonly options: FrameRouterOptions) {}

  connected(connection: Connection) {
    if (this.options.index.addUser(connection)) {
      this.options.online.add(connection.user.id);
      this.options.onUserOnline(connection.user.id);
    }
    connection.sendFrame({
      type: "welcome",
      userId: connection.user.id,
      heartbeatMs: REALTIME_LIMITS.heartbeatMs,
    });
  }

  disconnected(connection: Connection) {
    this.options.subscriptions.dropAll(connection);
    if (!this.options.index.removeUser(connection)) return;
    const userId = connection.user.id;
    this.options.online
      .remove(userId)
      .then((offline) => {
        if (offline && !this.options.index.hasUser(userId)) this.options.onUserOffline(userId);
      })
      .catch((error: unknown) =>
        this.options.logger.error("realtime: offline check failed", error),
      );
  }

  receive(connection: Connection, data: RawData, isBinary: boolean) {
    const verdict = connection.takeFrameToken();
    if (verdict === "close") return connection.close(CLOSE_CODES.rateLimited, "Too many frames");
    if (verdict === "drop") {
      // A dropped call is answered as refused, so its sender is not left waiting for it.
      const callId = isBinary ? undefined : parseFrame(data)?.callId;
      if (callId !== undefined) return rateLimitedCall(connection, callId);
      return connection.sendFrame({
        type: "error",
        code: "rate_limited",
        message: "Slow down",
      });
    }
    const parsed = isBinary ? null : parseFrame(data);
    if (!parsed?.frame) {
      // A call is answered by its id, so its sender is not left waiting for it.
      if (parsed?.callId !== undefined) {
        return parsed.unknownProcedure
          ? unknownProcedure(connection, parsed.callId)
          : malformedCall(connection, parsed.callId);
      }
      return connection.sendFrame(errorFrame("bad_frame", "Malformed frame", parsed?.channel));
    }
    this.handle(connection, parsed.frame);
  }

  /** The bus handler: fan-out to local subscribers, or a message between processes. */
  readonly dispatch = (channel: string, data: Buffer) => {
    if (channel.startsWith(PRESENCE_CHANGED_PREFIX)) {
      return this.options.presence.changed(channel.slice(PRESENCE_CHANGED_PREFIX.length));
    }
    if (channel === CONTROL_CHANNEL) return this.control(data);
    this.options.index.fanout(channel, data);
  };

  /** Ends these users' subscriptions of a channel on every process (left, banned, closed). */
  revoke(channel: string, userIds: string[]) {
    this.publishControl({ kind: "revoke", channel, userIds });
  }

  /**
   * Tells every process that these users' sessions changed (signed out, revoked, password or
   * profile changed, account deleted), so that none keeps a remembered session or an open
   * socket of a session that has ended.
   */
  sessionsChanged(userIds: string[]) {
    this.publishControl({ kind: "sessions", userIds });
  }

  private publishControl(control: Control) {
    this.options.bus.publish(CONTROL_CHANNEL, Buffer.from(JSON.stringify(control)));
  }

  private handle(connection: Connection, frame: ClientFrame) {
    switch (frame.type) {
      case "ping":
        return connection.sendFrame(
          frame.id === undefined ? { type: "pong" } : { type: "pong", id: frame.id },
        );
      case "sub":
        return void this.options.subscriptions.subscribe(connection, frame.channel);
      case "unsub":
        this.options.subscriptions.unsubscribe(connection, frame.channel, "client");
        return connection.sendFrame({ type: "unsubscribed", channel: frame.channel });
      case "track":
        return this.options.subscriptions.track(connection, frame.channel, frame.state.status);
      case "typing":
        return this.typing(connection, frame.channel);
      case "call":
        return this.options.calls.handle(connection, frame);
    }
  }

  /** The one client broadcast: stamped with the sender from the session, rate-limited. */
  private typing(connection: Connection, channel: string) {
    if (parseChannel(channel)?.kind !== "room" || !connection.channels.has(channel)) {
      return connection.sendFrame(errorFrame("not_subscribed", "Subscribe first", channel));
    }
    if (!connection.allowTyping(channel)) return;
    const { id, name } = connection.user;
    this.options.bus.publish(channel, encodeEvent(channel, "typing", { userId: id, name }));
  }

  private control(data: Buffer) {
    const message = parseInternal<Control>(data);
    if (!message) return;
    if (message.kind === "sessions") return this.options.onSessionsChanged(message.userIds);
    if (message.kind !== "revoke") return;
    for (const userId of message.userIds) {
      for (const connection of [...this.options.index.connectionsOf(userId)]) {
        if (this.options.subscriptions.unsubscribe(connection, message.channel, "server")) {
          connection.sendFrame({ type: "unsubscribed", channel: message.channel });
        }
      }
    }
  }
}

interface ParsedFrame {
  frame?: ClientFrame;
  /** The channel an error answer can name, when there was one. */
  channel?: string;
  /** A call's id, when the frame is a call with a usable id (its answer must name it). */
  callId?: number;
  /** A call of a procedure the socket does not carry. */
  unknownProcedure?: boolean;
}

/** The valid frame, or what an error answer can name. */
function parseFrame(data: RawData): ParsedFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(Array.isArray(data) ? Buffer.concat(data).toString() : data.toString());
  } catch {
    return null;
  }
  const parsed = clientFrameSchema.safeParse(json);
  if (parsed.success) {
    const frame = parsed.data;
    return frame.type === "call" ? { frame, callId: frame.id } : { frame };
  }
  if (typeof json !== "object" || json === null) return {};
  const fields = json as Record<string, unknown>;
  const callId =
    fields.type === "call" && callIdField.safeParse(fields.id).success
      ? (fields.id as number)
      : undefined;
  const channel = fields.channel;
  return {
    channel: typeof channel === "string" ? channel.slice(0, 80) : undefined,
    callId,
    unknownProcedure: !(SOCKET_PROCEDURES as readonly unknown[]).includes(fields.procedure),
  };
}
