import type { Auth, AuthSession } from "../auth/auth";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { RateLimiter } from "../rate-limit/rate-limiter";

/** What every procedure can reach: the services of this process and who is calling. */
export interface Services {
  db: Database;
  auth: Auth;
  rateLimiter: RateLimiter;
  logger: Logger;
}

export interface RpcContext {
  services: Services;
  session: AuthSession | null;
  clientIp: string;
}
