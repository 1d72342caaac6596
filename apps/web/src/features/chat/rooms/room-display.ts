import { TEXT, type RoomSummary } from "@chatsphere/contract";

/*
 * How a room reads in the list (SPEC §3 "Room": avatar, time, unread). Plain functions of
 * their inputs, the clock included, so they are tested without a DOM or fake timers.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const BADGE_MAX = 99;

// en-US, like the rest of the site's dates (lib/format-date.ts); the reader's own time zone.
const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short" });
const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const fullDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Midnight of a date's calendar day, where the reader is. */
const startOfDay = (date: Date) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * A room's last activity as chat lists show it: "now", "2m", "3h" (today), "Yesterday",
 * "Mon" (this week), "Jan 5" (this year), else "Jan 5, 2025". A time slightly in the future
 * (the server's clock ahead of ours) reads "now".
 */
export function formatActivityTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return "";
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < MINUTE_MS) return TEXT.activityJustNow;
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m`;
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  const days = Math.round((startOfDay(now) - startOfDay(then)) / DAY_MS);
  if (days === 0) return `${Math.floor(elapsed / HOUR_MS)}h`;
  if (days === 1) return TEXT.activityYesterday;
  if (days < 7) return weekday.format(then);
  if (then.getFullYear() === now.getFullYear()) return monthDay.format(then);
  return fullDate.format(then);
}

/** The unread badge's text: none at 0, then the count, capped at "99+". */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}

/** A locked room can be entered by its members only (SPEC §4): the others see it greyed. */
export const isRoomSelectable = (room: Pick<RoomSummary, "isLocked" | "isMember">) =>
  !room.isLocked || room.isMember;

/**
 * The "All rooms" list without the rooms already under "Your rooms", so a room shows once
 * and its button is never ambiguous.
 */
export function browsableRooms(all: RoomSummary[], mine: RoomSummary[]): RoomSummary[] {
  const own = new Set(mine.map((room) => room.id));
  return all.filter((room) => !own.has(room.id));
}
