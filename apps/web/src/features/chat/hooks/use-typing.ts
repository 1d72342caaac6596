import { useCallback, useEffect, useRef, useState } from "react";
import {
  REALTIME_LIMITS,
  TYPING_RESEND_MS,
  TYPING_VISIBLE_MS,
  type EventFrame,
} from "@chatsphere/contract";
import { realtime } from "@/lib/realtime/hooks";

interface Typist {
  userId: string;
  name: string;
  until: number;
}

/**
 * Typing indicator (SPEC §4): someone shows as typing for 3 s after their last typing event;
 * we send ours at most every 2 s while the user types. The server stamps who typed.
 */
export function useTyping(channel: string, selfId: string) {
  const [typists, setTypists] = useState<Typist[]>([]);
  const lastSent = useRef(0);

  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_RESEND_MS) return;
    lastSent.current = now;
    realtime.typing(channel);
  }, [channel]);

  const onEvent = useCallback(
    (frame: EventFrame) => {
      if (frame.event === "typing" && frame.payload.userId !== selfId) {
        const { userId, name } = frame.payload;
        const until = Date.now() + TYPING_VISIBLE_MS;
        setTypists((list) => [...list.filter((t) => t.userId !== userId), { userId, name, until }]);
      }
      if (frame.event === "message") {
        // Their message arrived: they are done typing it.
        setTypists((list) => list.filter((t) => t.userId !== frame.payload.senderId));
      }
    },
    [selfId],
  );

  useEffect(() => {
    if (typists.length === 0) return;
    const next = Math.min(...typists.map((t) => t.until));
    const timer = setTimeout(
      () => setTypists((list) => list.filter((t) => t.until > Date.now())),
      Math.max(0, next - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [typists]);

  /**
   * After sending, the next keystroke starts a new "typing" almost at once: as soon as the
   * server's own spacing for typing frames allows.
   */
  const resetTyping = useCallback(() => {
    lastSent.current = Date.now() - TYPING_RESEND_MS + REALTIME_LIMITS.typingIntervalMs;
  }, []);

  return { typists, notifyTyping, resetTyping, onEvent };
}
