import { useState } from "react";
import { FOLLOWING_CHANNEL, userChannel } from "@chatsphere/contract";
import { useChannel } from "@/lib/realtime/hooks";
import { withOnlineEvent } from "../following/direct-chat-state";

const NOBODY: ReadonlySet<string> = new Set();

/**
 * Who of the people you follow is online (the dots of the Following tab). Holding the
 * following channel makes the server send the set on your own channel, then each change; the
 * following channel is only taken once your own is confirmed, so that first set is never
 * missed (on a reconnect too: both are taken again in that order).
 */
export function useFollowingOnline(selfId: string): ReadonlySet<string> {
  const [online, setOnline] = useState(NOBODY);
  const own = useChannel(userChannel(selfId), {
    onEvent: (frame) => setOnline((current) => withOnlineEvent(current, frame)),
  });
  useChannel(own.ready ? FOLLOWING_CHANNEL : null);
  return online;
}
