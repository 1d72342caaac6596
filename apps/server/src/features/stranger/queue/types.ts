import type { Region } from "@chatsphere/contract";

export interface QueueUser {
  id: string;
  name: string;
  image: string | null;
}

export interface EnqueueParams {
  continent: Region;
  /** Identifies this wait, so a late timer cannot end a newer one. */
  token: string;
  /** The id the room gets if this call finds a partner. */
  roomId: string;
  timeoutMs: number;
  /** Users this one is never paired with: blocked, either way (issue 14). */
  avoid?: readonly string[];
}

export type EnqueueResult =
  | { kind: "waiting"; deadline: number }
  | { kind: "matched"; roomId: string; partner: QueueUser; partnerContinent: Region }
  /** Already in a match: end it before queueing again. */
  | { kind: "busy"; roomId: string }
  /** No open connection: a user nobody could talk to is never queued. */
  | { kind: "offline" };

export type CancelResult =
  { kind: "idle" } | { kind: "cancelled" } | { kind: "matched"; roomId: string };

export interface EndedMatch {
  partner: QueueUser;
  partnerContinent: Region;
}

/**
 * The stranger queue and every user's matching state (SPEC §4). Each operation is atomic
 * across processes, so one user is never in two matches and an offline user is never matched.
 * Regions are separate queues: World matches World, Europe matches Europe.
 */
export interface StrangerQueue {
  enqueue(user: QueueUser, params: EnqueueParams): Promise<EnqueueResult>;
  /** The wait `token` timed out: back to idle (true) unless the user was matched meanwhile. */
  expire(userId: string, token: string): Promise<boolean>;
  /** Stops waiting; reports a match instead if there is one. */
  cancel(userId: string): Promise<CancelResult>;
  /** Ends the user's match in `roomId` for both sides; null when they are not in it. */
  end(userId: string, roomId: string): Promise<EndedMatch | null>;
  /** These two are not paired again for `ms`. */
  cooldown(a: string, b: string, ms: number): Promise<void>;
  close(): Promise<void>;
}

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** How many queued users one enqueue looks at before giving up and waiting. */
export const SCAN_LIMIT = 64;
