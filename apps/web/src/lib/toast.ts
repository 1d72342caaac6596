import { useSyncExternalStore } from "react";
import type * as Sonner from "sonner";

type Message = Parameters<typeof Sonner.toast>[0];
type ExternalToast = Sonner.ExternalToast;

let sonner: Promise<typeof Sonner> | null = null;
let needed = false;
const listeners = new Set<() => void>();

/**
 * sonner, loaded with the first toast rather than with the page: most visits to the home page
 * never show one. Toasts raised before the `<Toaster>` subscribes are shown once it does.
 */
function loadSonner() {
  if (!needed) {
    needed = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import("sonner");
  return sonner;
}

const show =
  (kind: "success" | "error" | "info") =>
  (message: Message, data?: ExternalToast): void => {
    void loadSonner().then(({ toast }) => toast[kind](message, data));
  };

/** The app's toasts (sonner's API for what the app uses); every call site goes through here. */
export const toast = Object.assign(
  (message: Message, data?: ExternalToast): void => {
    void loadSonner().then(({ toast }) => toast(message, data));
  },
  { success: show("success"), error: show("error"), info: show("info") },
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a toast has been raised yet, i.e. whether the layout should mount the `<Toaster>`. */
export function useToasterNeeded() {
  return useSyncExternalStore(
    subscribe,
    () => needed,
    () => false,
  );
}
