import type { SessionData } from "@/lib/auth-client";

/** An ISO 8601 timestamp as the server writes dates (`2026-01-02T03:04:05.678Z`). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?(?:Z|[+-]\d{2}:\d{2})$/;

/** Turns timestamps back into dates, as better-auth's client does for the session. */
export function reviveDates(_key: string, value: unknown): unknown {
  if (typeof value !== "string" || !ISO_DATE.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date;
}

/** The session as better-auth's client reads it, parsed from `GET /api/auth/get-session`'s body. */
export function parseSession(body: string): SessionData | null {
  if (!body.trim()) return null;
  return (JSON.parse(body, reviveDates) as SessionData | null) ?? null;
}

/**
 * The current session, or null when signed out. A plain request rather than better-auth's
 * client: every page asks for it at once, and the client (a fifth of the first page's
 * JavaScript) is loaded only where someone signs in, up or out.
 */
export async function fetchSession(): Promise<SessionData | null> {
  const response = await fetch("/api/auth/get-session", {
    credentials: "include",
    headers: { accept: "application/json" },
  });
  const body = await response.text();
  if (!response.ok) {
    let message = "";
    try {
      message = (JSON.parse(body) as { message?: unknown }).message as string;
    } catch {
      // Not JSON (a proxy's error page): the status text says enough.
    }
    throw new Error(
      (typeof message === "string" && message) ||
        response.statusText ||
        "Could not load the session",
    );
  }
  return parseSession(body);
}
