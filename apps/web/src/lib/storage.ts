import { STORAGE_KEYS } from "@chatsphere/contract";

type StorageKey = keyof typeof STORAGE_KEYS;

/** localStorage access that never throws (private mode, blocked storage). */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(STORAGE_KEYS[key]);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(STORAGE_KEYS[key], value);
    } catch {
      // The value just will not survive a reload.
    }
  },
};
