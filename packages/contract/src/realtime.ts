import { z } from "zod";
import type { ChatMessage, RoomClosedReason, StrangerRoom } from "./schemas/chat";
import type { FollowEventPayload } from "./schemas/follow";
import type { Region } from "./constants";

/**
 * The realtime protocol spoken on `/ws` (ARCHITECTURE "Realtime rules"). Frames are JSON text.
 * Clients may only subscribe, unsubscribe, track their presence state, send typing, ping and
 * call the few procedures of SOCKET_PROCEDURES: every event is published by the server, which
 * checks each subscription.
 */
export const REALTIME_PATH = "/ws";

export const REALTIME_LIMITS = {
  /** Largest client frame in bytes; bigger ones close the connection with 1009. */
  maxFrameBytes: 4096,
  /** Channels one connection may hold at once. */
  maxSubscriptions: 100,
  /** Open sockets per user on one server process (tabs, devices); more are refused (429). */
  maxSocketsPerUser: 20,
  /** Open sockets per client address on one process: generous, a school shares an address. */
  maxSocketsPerAddress: 1000,
  /** Client frames per second (token bucket refill) and the burst allowed. */
  framesPerSecond: 10,
  frameBurst: 30,
  /** Typing frames per channel and connection are relayed at most this often (clients send every 2 s, and at once after sending a message). */
  typingIntervalMs: 250,
  /** Bytes queued for a connection before it is dropped as a slow consumer. */
  maxBufferedBytes: 1024 * 1024,
  /** Interval of server pings; a connection silent for two of them is dead. */
  heartbeatMs: 25_000,
  /** `call` frames one connection may have running at once; more get TOO_MANY_REQUESTS. */
  maxCallsInFlight: 32,
} as const;

/** Close codes: 1xxx from the WebSocket standard, 4xxx our own. */
export const CLOSE_CODES = {
  normal: 1000,
  /** The server is shutting down; reconnect (another process will take over). */
  goingAway: 1001,
  /** A frame exceeded maxFrameBytes (sent by the ws library). */
  tooBig: 1009,
  /** The session ended or was revoked; sign in again before reconnecting. */
  unauthorized: 4001,
  /** The client sent far too many frames. */
  rateLimited: 4008,
  /** The client did not read its frames fast enough. */
  slowConsumer: 4009,
} as const;

export const PRESENCE_STATUSES = ["online", "idle", "waiting", "matched"] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

// Channels (SPEC §7 "Realtime backend").
const ID = "[A-Za-z0-9_-]{1,64}";
const CHANNEL_PATTERN = new RegExp(`^(room:${ID}|user:${ID}|global:lobby|following:tab)$`);

export const LOBBY_CHANNEL = "global:lobby";
export const FOLLOWING_CHANNEL = "following:tab";
export const roomChannel = (roomId: string) => `room:${roomId}`;
export const userChannel = (userId: string) => `user:${userId}`;

export type ParsedChannel =
  | { kind: "room"; id: string }
  | { kind: "user"; id: string }
  | { kind: "lobby" }
  | { kind: "following" };

export function parseChannel(channel: string): ParsedChannel | null {
  if (!CHANNEL_PATTERN.test(channel)) return null;
  if (channel === LOBBY_CHANNEL) return { kind: "lobby" };
  if (channel === FOLLOWING_CHANNEL) return { kind: "following" };
  const [kind, id = ""] = channel.split(":");
  return kind === "room" ? { kind: "room", id } : { kind: "user", id };
}

/**
 * Presence per channel kind: the lobby only needs its size (the online count), so it carries
 * counts and never the member list; room channels carry who is there. `following:tab` has no
 * presence (it would list everyone online to everyone): holding it brings a
 * `following_online` snapshot of the people you follow, then `following_status` changes,
 * both on your `user:{id}` channel.
 */
export const presenceModeOf = (channel: ParsedChannel): "count" | "list" | null => {
  if (channel.kind === "lobby") return "count";
  if (channel.kind === "room") return "list";
  return null;
};

const channelField = z.string().max(80).regex(CHANNEL_PATTERN, "Unknown channel");

/**
 * The procedures a client may call over the socket (a `call` frame). Only the one on the hot
 * path: a message typed by a user. Every other procedure stays on HTTP.
 */
export const SOCKET_PROCEDURES = ["message.send"] as const;
export type SocketProcedure = (typeof SOCKET_PROCEDURES)[number];

/** Outputs of the socket procedures: what their HTTP call returns. */
export interface SocketProcedureOutputs {
  "message.send": ChatMessage;
}

/** Chosen by the client, echoed in the `result` frame that answers the call. */
export const callIdField = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * A call's refusal, as the HTTP call's error body gives it: the oRPC code (FORBIDDEN,
 * BAD_REQUEST, TOO_MANY_REQUESTS...), the HTTP status, the same user-facing message and data.
 */
export interface CallError {
  code: string;
  status: number;
  message: string;
  data?: unknown;
}

export const clientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("sub"), channel: channelField }),
  z.object({ type: z.literal("unsub"), channel: channelField }),
  z.object({ type: z.literal("typing"), channel: channelField }),
  z.object({
    type: z.literal("track"),
    channel: channelField,
    state: z.object({ status: z.enum(PRESENCE_STATUSES) }),
  }),
  z.object({ type: z.literal("ping"), id: z.number().int().optional() }),
  /**
   * A contract procedure carried by the open socket instead of an HTTP request (decision
   * 0032): the same procedure runs, with the same validation, limits and authorization; its
   * `input` is checked by the procedure itself, so a bad one gets the procedure's own 400.
   */
  z.object({
    type: z.literal("call"),
    id: callIdField,
    procedure: z.enum(SOCKET_PROCEDURES),
    input: z.unknown(),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type CallFrame = Extract<ClientFrame, { type: "call" }>;

export interface PresenceEntry {
  userId: string;
  name: string;
  image: string | null;
  status: PresenceStatus;
}

/** Broadcast events per channel kind, with their payloads. */
export interface RealtimeEvents {
  message: ChatMessage;
  typing: { userId: string; name: string };
  room_closed: { roomId: string; reason: RoomClosedReason; byUserId: string };
  user_banned: { roomId: string; userId: string };
  /** On `global:lobby`: a user room was created, locked, unlocked or deleted (refetch the list). */
  rooms_changed: { roomId: string };
  /** On `user:{followed}`: someone followed you. */
  follow_notification: FollowEventPayload;
  /**
   * On `user:{unfollowed}` and `user:{caller}` (their other devices): a follow ended (refetch
   * the lists; a direct chat between them can no longer take new messages). The payload names
   * the one who unfollowed.
   */
  unfollow_notification: FollowEventPayload;
  /** On `user:{id}` of both: the follow is mutual now, a direct chat is open. */
  mutual_follow_notification: FollowEventPayload;
  /** On `room:{id}` (stranger chat): a guest pressed Follow; they must link an account first. */
  follow_attempt: FollowEventPayload;
  /** On `user:{id}` of every device: a direct chat's unread count changed (and the total). */
  dm_unread: { roomId: string; unreadCount: number; totalUnread: number };
  /** On `user:{id}`: people you follow who are online now (sent when you hold following:tab). */
  following_online: { userIds: string[] };
  /** On `user:{id}`: one person you follow came online or went offline. */
  following_status: { userId: string; online: boolean };
  /** On `user:{id}` (every device): the caller blocked or unblocked someone (refetch the ids). */
  blocks_changed: Record<string, never>;
  /** On `room:{id}`: an admin deleted a reported message (issue 14). */
  message_deleted: { roomId: string; messageId: string };
  stranger_idle: Record<string, never>;
  stranger_waiting: { continent: Region; deadline: number };
  stranger_matched: { room: StrangerRoom };
  stranger_skipped: { roomId: string };
  stranger_no_matches: { reason: string };
}
export type RealtimeEventName = keyof RealtimeEvents;

export type RealtimeErrorCode =
  | "bad_frame"
  | "forbidden"
  | "not_subscribed"
  | "too_many_subscriptions"
  | "rate_limited"
  | "unavailable";

export type ServerFrame =
  | { type: "welcome"; userId: string; heartbeatMs: number }
  | { type: "subscribed"; channel: string }
  /** The server ended a subscription (left, banned, room closed). */
  | { type: "unsubscribed"; channel: string }
  | {
      [E in RealtimeEventName]: {
        type: "event";
        channel: string;
        event: E;
        payload: RealtimeEvents[E];
      };
    }[RealtimeEventName]
  | {
      type: "presence";
      channel: string;
      /** Distinct users present. */
      count: number;
      /** The whole list (after `sub`), for list channels. */
      state?: PresenceEntry[];
      joins?: PresenceEntry[];
      leaves?: PresenceEntry[];
    }
  | { type: "error"; code: RealtimeErrorCode; message: string; channel?: string }
  | { type: "pong"; id?: number }
  /** The answer to a `call` frame with the same id: the procedure's output, or its error. */
  | { type: "result"; id: number; output: unknown; error?: undefined }
  | { type: "result"; id: number; error: CallError; output?: undefined };

export type EventFrame = Extract<ServerFrame, { type: "event" }>;
export type PresenceFrame = Extract<ServerFrame, { type: "presence" }>;
export type ResultFrame = Extract<ServerFrame, { type: "result" }>;
