import { TEXT, type EventFrame } from "@chatsphere/contract";

/*
 * What the Following tab derives from follows and presence, kept apart from React so that it
 * is tested on its own.
 */

/**
 * Why sending is off in a direct chat, or null while both still follow each other. Unknown
 * flags (the person not loaded yet) count as following: the server decides every send anyway.
 */
export function sendingOffNotice(
  name: string,
  flags: { isFollowing?: boolean; isFollower?: boolean },
): string | null {
  if (flags.isFollowing === false) return TEXT.dmOffYouUnfollowed(name);
  if (flags.isFollower === false) return TEXT.dmOffTheyUnfollowed(name);
  return null;
}

/**
 * Who of the people you follow is online: `following_online` (the whole set, sent after
 * subscribing to the following channel) replaces, `following_status` adds or removes one.
 * Anything else leaves the same set, so nothing re-renders for it.
 */
export function withOnlineEvent(
  online: ReadonlySet<string>,
  frame: EventFrame,
): ReadonlySet<string> {
  if (frame.event === "following_online") return new Set(frame.payload.userIds);
  if (frame.event !== "following_status") return online;
  const { userId, online: isOnline } = frame.payload;
  if (online.has(userId) === isOnline) return online;
  const next = new Set(online);
  if (isOnline) next.add(userId);
  else next.delete(userId);
  return next;
}
