import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { blockedIdsQuery, safetySettingsQuery } from "../api";
import { OPEN_CONTEXT, type SafetyContext } from "../safety/message-view";

/**
 * Where a conversation is, for what the reader chose about safety: a room hides the
 * messages of people they blocked; a stranger chat covers the other side's photos and videos
 * and may hold their links; a direct chat shows everything.
 */
export type SafetyMode = "room" | "stranger" | "direct";

export interface ConversationSafety {
  context: SafetyContext;
  /** Whether this covered photo or video was shown ('Show' or 'Always show in this chat'). */
  mediaShown(messageId: string): boolean;
  showMedia(messageId: string): void;
  /** 'Always show in this chat': every photo and video of this conversation, for its rest. */
  showAllMedia(): void;
}

export function useConversationSafety(mode: SafetyMode, selfId: string): ConversationSafety {
  const blocked = useQuery({ ...blockedIdsQuery(), enabled: mode === "room" });
  const settings = useQuery({ ...safetySettingsQuery(), enabled: mode === "stranger" });
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const [allShown, setAllShown] = useState(false);

  const blockedIds = blocked.data?.userIds;
  // Until the setting is known (or if it cannot be read), links wait: the safe side.
  const holdLinks = settings.data ? settings.data.strangerLinksOnTap : true;
  const context = useMemo<SafetyContext>(() => {
    if (mode === "room") {
      return { ...OPEN_CONTEXT(selfId), hiddenSenders: new Set(blockedIds ?? []) };
    }
    if (mode === "stranger") {
      return { ...OPEN_CONTEXT(selfId), coverMedia: true, holdLinks };
    }
    return OPEN_CONTEXT(selfId);
  }, [mode, selfId, blockedIds, holdLinks]);

  const mediaShown = useCallback((id: string) => allShown || shown.has(id), [allShown, shown]);
  const showMedia = useCallback((id: string) => setShown((old) => new Set(old).add(id)), []);
  const showAllMedia = useCallback(() => setAllShown(true), []);
  return { context, mediaShown, showMedia, showAllMedia };
}
