import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { realtime, useOnReconnect, useRealtimeStatus } from "@/lib/realtime/hooks";
import { SESSION_KEY, refreshSession } from "@/lib/session/session-query";

/**
 * Keeps the chat screen honest about its connection: after a reconnect everything shown is
 * fetched again (events sent meanwhile were missed); when the server ends the socket because
 * the session ended, the session is reloaded and the visitor sent home if it is gone.
 */
export function useRealtimeUpkeep(selfId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const status = useRealtimeStatus();

  // A socket still open from a previous session (signed out and in again quickly) is replaced.
  useEffect(() => {
    if (realtime.userId && realtime.userId !== selfId) realtime.restart();
  }, [selfId, status]);

  useOnReconnect(() => {
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  });

  useEffect(() => {
    if (status !== "unauthorized") return;
    void refreshSession(queryClient).then(() => {
      if (queryClient.getQueryData(SESSION_KEY)) realtime.restart();
      else void navigate({ to: "/" });
    });
  }, [status, queryClient, navigate]);
}
