import type { RoomSummary } from "@chatsphere/contract";
import type { SessionData, SessionUser } from "@/lib/auth-client";

const CREATED = new Date("2026-01-02T03:04:05.000Z");

/** A signed-in session as `/api/auth/get-session` returns it; a registered user unless told. */
export function sessionOf(user: Partial<SessionUser> = {}): SessionData {
  const id = user.id ?? "user-1";
  return {
    user: {
      id,
      name: "Ada",
      email: "ada@example.com",
      emailVerified: true,
      image: null,
      createdAt: CREATED,
      updatedAt: CREATED,
      isAnonymous: false,
      role: "user",
      banned: false,
      banReason: null,
      banExpires: null,
      ...user,
    },
    session: {
      id: `session-${id}`,
      userId: id,
      token: `token-${id}`,
      expiresAt: new Date("2099-01-01T00:00:00.000Z"),
      createdAt: CREATED,
      updatedAt: CREATED,
      ipAddress: null,
      userAgent: null,
      impersonatedBy: null,
    },
  };
}

/** A guest (anonymous) session. */
export const guestSession = () =>
  sessionOf({ id: "guest-1", name: "Guest 1234", email: "guest@guest.local", isAnonymous: true });

/** A room as the room lists show it. */
export function roomOf(room: Partial<RoomSummary> = {}): RoomSummary {
  return {
    id: "room-1",
    name: "Lobby",
    kind: "user",
    ownerId: "user-1",
    isLocked: false,
    avatar: null,
    memberCount: 1,
    isMember: true,
    lastActivityAt: CREATED.toISOString(),
    unreadCount: 0,
    ...room,
  };
}
