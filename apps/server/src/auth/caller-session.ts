import type { AuthSession } from "./auth";

/**
 * What the server needs of a session: who calls, their tier, and until when. Kept instead of
 * better-auth's whole session and user rows, because one is held per connected user.
 */
export interface CallerSession {
  user: {
    id: string;
    name: string;
    image: string | null;
    role: string | null;
    isAnonymous: boolean;
  };
  session: { id: string; expiresAt: Date };
}

export const callerSessionOf = (found: AuthSession): CallerSession => ({
  user: {
    id: found.user.id,
    name: found.user.name,
    image: found.user.image ?? null,
    role: found.user.role ?? null,
    isAnonymous: Boolean(found.user.isAnonymous),
  },
  session: { id: found.session.id, expiresAt: found.session.expiresAt },
});

/** Who calls, for a Cookie header (session-lookup.ts makes one; session-cache.ts keeps answers). */
export type SessionLookup = (cookieHeader: string) => Promise<CallerSession | null>;
