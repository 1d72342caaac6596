import { TEXT, type RealtimeEvents, type UnreadSummary } from "@chatsphere/contract";
import { unreadBadgeText } from "../rooms/room-display";

/*
 * The unread direct messages as the Following tab's badge shows them. The summary is fetched
 * every UNREAD_POLL_MS as a fallback; `dm_unread` pushes (to every device of the user) edit
 * the cached copy at once, so all of them agree within a second.
 */

export type DmUnreadEvent = RealtimeEvents["dm_unread"];

/**
 * The summary after a push. The push carries the server's new total, which wins over what is
 * cached. `reading`: the chat is open on this screen and is being marked read, so its count
 * does not show (it would only flash until the mark-read call lands).
 */
export function withDmUnread(
  summary: UnreadSummary | undefined,
  event: DmUnreadEvent,
  reading = false,
): UnreadSummary {
  const count = reading ? 0 : event.unreadCount;
  const totalUnread = Math.max(
    0,
    reading ? event.totalUnread - event.unreadCount : event.totalUnread,
  );
  const others = (summary?.rooms ?? []).filter((room) => room.roomId !== event.roomId);
  const rooms = count > 0 ? [...others, { roomId: event.roomId, unreadCount: count }] : others;
  return { rooms, totalUnread };
}

/** The summary once a chat is read here, before the server's own push confirms it. */
export function withRoomRead(
  summary: UnreadSummary | undefined,
  roomId: string,
): UnreadSummary | undefined {
  const room = summary?.rooms.find((r) => r.roomId === roomId);
  if (!summary || !room) return summary;
  return {
    rooms: summary.rooms.filter((r) => r !== room),
    totalUnread: Math.max(0, summary.totalUnread - room.unreadCount),
  };
}

/** The tab badge: hidden at 0, "99+" above 99, and what a screen reader says instead. */
export function unreadTabBadge(total: number): { text: string; label: string } | null {
  const text = unreadBadgeText(total);
  return text ? { text, label: TEXT.unreadMessages(total) } : null;
}
