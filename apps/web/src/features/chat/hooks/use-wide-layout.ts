import { useSyncExternalStore } from "react";
import { CHAT_WIDE_BREAKPOINT_PX } from "@chatsphere/contract";

const WIDE_QUERY = `(min-width: ${CHAT_WIDE_BREAKPOINT_PX}px)`;

function subscribe(onChange: () => void) {
  const media = window.matchMedia(WIDE_QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/**
 * Whether the chat screen has room for three columns (SPEC §2, 1024 px and up). Decided in
 * script rather than CSS so that only one copy of the room list and of the members panel
 * (with their menus and channels) exists at a time, and the narrow-only dialogs close by
 * themselves when the window widens.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE_QUERY).matches);
}
