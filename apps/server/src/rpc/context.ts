import type { Auth } from "../auth/auth";
import type { CallerSession } from "../auth/caller-session";
import type { SessionCache } from "../auth/session-cache";
import type { Database } from "../db/client";
import type { ActivityRecorder } from "../features/admin-dashboard/activity-recorder";
import type { MessageWriter } from "../features/messages/message-writer";
import type { StrangerService } from "../features/stranger/service";
import type { Logger } from "../logger";
import type { RateLimiter } from "../rate-limit/rate-limiter";
import type { RealtimePublisher } from "../realtime/realtime";
import type { FileStorage } from "../storage/storage";

/** What every procedure can reach: the services of this process and who is calling. */
export interface Services {
  db: Database;
  auth: Auth;
  /** Session lookups, remembered briefly (every RPC needs one). */
  sessions: SessionCache;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** Publishes server events to realtime channels (on every process). */
  realtime: RealtimePublisher;
  stranger: StrangerService;
  storage: FileStorage;
  /** The dashboard's daily activity (recorded as it happens) and who is online now. */
  activity: ActivityRecorder;
  /** Stores message.send's room and stranger messages, a burst in one transaction. */
  messageWriter: MessageWriter;
}

export interface RpcContext {
  services: Services;
  session: CallerSession | null;
  clientIp: string;
}

/**
 * A call's starting context, with the keys its tier middleware fills (`user`, `sessionId`)
 * already there, empty. oRPC merges a middleware's context into a spread copy of this one
 * (`{ ...context, ...added }`), and on Node 20's V8 each key such a copy gains makes a new
 * hidden class per call (a map, its descriptors and the inline caches' handlers, all in the
 * old generation, kept until a major GC); a key the copy already has is only written. On the
 * embedded default at 2 000 sends/s that was ~4 000 maps a second (bench/README.md, "Eleventh
 * run").
 */
export function rpcContext(
  services: Services,
  session: CallerSession | null,
  clientIp: string,
): RpcContext {
  // Typed without the two keys: the tiers' context types add them (base.ts).
  const context = { services, session, clientIp, user: undefined, sessionId: undefined };
  return context;
}
