import { useCallback, useSyncExternalStore } from "react";
import { DEFAULT_THEME, type Theme } from "@chatsphere/contract";
import { storage } from "@/lib/storage";

const listeners = new Set<() => void>();

function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : DEFAULT_THEME;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Light by default; the choice is stored locally and applied before paint by theme-init.js. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => DEFAULT_THEME);
  const setTheme = useCallback((next: Theme) => {
    document.documentElement.classList.toggle("dark", next === "dark");
    storage.set("theme", next);
    for (const listener of listeners) listener();
  }, []);
  return { theme, setTheme, toggle: () => setTheme(theme === "dark" ? "light" : "dark") };
}
