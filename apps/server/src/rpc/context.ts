import type { Auth, AuthSession } from "../auth/auth";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { RateLimiter } from "../rate-limit/rate-limiter";
import type { FileStorage } from "../storage/storage";

/** What every procedure can reach: the services of this process and who is calling. */
export interface Services {
  db: Database;
  auth: Auth;
  rateLimiter: RateLimiter;
  logger: Logger;
  storage: FileStorage;
}

export interface RpcContext {
  services: Services;
  session: AuthSession | null;
  clientIp: string;
}
