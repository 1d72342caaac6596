import { useEffect, useEffectEvent, useState } from "react";
import { USERS_NAME_FILTER_DEBOUNCE_MS } from "@chatsphere/contract";

/**
 * The 'Filter by name' box: what is typed shows at once, and reaches the URL (and the
 * server) after a 500 ms pause (SPEC §2). When the URL's name changes from elsewhere (Clear,
 * the back button, a shared link) the box follows it.
 */
export function useNameFilter(
  name: string | undefined,
  commit: (name: string | undefined) => void,
) {
  const [draft, setDraft] = useState(name ?? "");
  const [seenName, setSeenName] = useState(name);
  if (name !== seenName) {
    setSeenName(name);
    if ((name ?? "") !== draft.trim()) setDraft(name ?? "");
  }

  const onPause = useEffectEvent(commit);
  useEffect(() => {
    const next = draft.trim() || undefined;
    if (next === name) return;
    const timer = setTimeout(() => onPause(next), USERS_NAME_FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, name]);

  return [draft, setDraft] as const;
}
