import { useEffect, useRef, useSyncExternalStore } from "react";
import { REALTIME_PATH } from "@chatsphere/contract";
import { RealtimeClient, type ChannelListener, type ChannelSnapshot } from "./client";

const socketUrl = () =>
  `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}${REALTIME_PATH}`;

/** The tab's one realtime connection (opened on first use, closed when nothing needs it). */
export const realtime = new RealtimeClient(socketUrl);

export function useRealtimeStatus() {
  return useSyncExternalStore(realtime.subscribe, realtime.getStatus);
}

/**
 * Holds a channel while the component is mounted (null: none). Handlers may change on every
 * render; the subscription does not. Returns whether the server confirmed it, and presence.
 */
export function useChannel(
  channel: string | null,
  listener: ChannelListener = {},
): ChannelSnapshot {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!channel) return;
    return realtime.acquire(channel, {
      onEvent: (frame) => latest.current.onEvent?.(frame),
      onRefused: (reason) => latest.current.onRefused?.(reason),
    });
  }, [channel]);
  const getSnapshot = () => (channel ? realtime.getChannel(channel) : NONE);
  return useSyncExternalStore(realtime.subscribe, getSnapshot);
}

const NONE: ChannelSnapshot = { ready: false, presence: null };

/** Runs after every reconnect: refetch what the screen shows. */
export function useOnReconnect(callback: () => void) {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => realtime.onReconnect(() => latest.current()), []);
}
