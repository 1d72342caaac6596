import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import {
  LOBBY_CHANNEL,
  MATCH_TIMEOUT_MS,
  roomChannel,
  TEXT,
  TOAST,
  userChannel,
  type EventFrame,
  type StrangerRoom,
} from "@chatsphere/contract";
import { realtime, useChannel, useOnReconnect } from "@/lib/realtime/hooks";
import { rpc } from "@/lib/rpc";
import { failureText } from "@/lib/rpc-error";
import { refreshSession } from "@/lib/session/session-query";
import { useRegion } from "./use-region";

/** `starting`: Start was pressed and the server has not answered yet. */
export type StrangerPhase = "idle" | "starting" | "waiting" | "matched";

/** A little slack over the server's own 10 s before the client gives up on its own. */
const CLIENT_TIMEOUT_MS = MATCH_TIMEOUT_MS + 1500;

/**
 * The stranger-chat state machine of SPEC §4, driven by the events on the user's channel
 * (the server decides; the client follows) plus a client timer in case an event is lost.
 */
export function useStranger(self: { id: string; name: string }) {
  const queryClient = useQueryClient();
  const [region, setRegion] = useRegion();
  const [phase, setPhase] = useState<StrangerPhase>("idle");
  const [room, setRoom] = useState<StrangerRoom | null>(null);
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const [noMatchReason, setNoMatchReason] = useState<string | null>(null);
  // Event handlers and timers read the latest state through this ref.
  const state = useRef({ phase, room, region });
  useLayoutEffect(() => {
    state.current = { phase, room, region };
  });
  /** Rooms whose end was already handled (skip, leave, room_closed, presence leave). */
  const ended = useRef(new Set<string>());

  const toIdle = useCallback(() => {
    setPhase("idle");
    setRoom(null);
    setWaitingSince(null);
  }, []);
  const toWaiting = useCallback(() => {
    setPhase("waiting");
    setRoom(null);
    setWaitingSince(Date.now());
  }, []);
  const showNoMatch = useCallback((reason: string) => {
    setNoMatchReason(reason);
    toast.info(TOAST.noMatchTitle, { id: "no-match", description: TOAST.noMatchDescription });
  }, []);

  const onUserEvent = (frame: EventFrame) => {
    switch (frame.event) {
      case "stranger_waiting":
        return toWaiting();
      case "stranger_matched":
        setPhase("matched");
        setRoom(frame.payload.room);
        setWaitingSince(null);
        return;
      case "stranger_skipped":
        ended.current.add(frame.payload.roomId);
        if (state.current.room?.id !== frame.payload.roomId) return;
        toast.info(TOAST.strangerSkippedYou);
        return toWaiting();
      case "stranger_no_matches":
        toIdle();
        return showNoMatch(frame.payload.reason);
      case "stranger_idle":
        if (state.current.phase !== "starting") toIdle();
        return;
    }
  };
  const me = useChannel(userChannel(self.id), { onEvent: onUserEvent });
  const lobby = useChannel(LOBBY_CHANNEL);

  useEffect(() => {
    realtime.track(LOBBY_CHANNEL, phase === "starting" ? "waiting" : phase);
  }, [phase]);

  // The server ends the wait after 10 s; this only covers an event that never came.
  useEffect(() => {
    if (phase !== "waiting" || waitingSince === null) return;
    const timer = setTimeout(
      () => {
        if (state.current.phase !== "waiting") return;
        toIdle();
        showNoMatch(TEXT.noMatchReason);
        void rpc.room.cancelStranger().catch(() => undefined);
      },
      CLIENT_TIMEOUT_MS - (Date.now() - waitingSince),
    );
    return () => clearTimeout(timer);
  }, [phase, waitingSince, toIdle, showNoMatch]);

  const find = useCallback(
    async (failure: string) => {
      try {
        const result = await rpc.room.findStranger({ continent: state.current.region });
        if (state.current.phase === "starting" && result.status === "waiting") toWaiting();
      } catch (error) {
        toast.error(failureText(error, failure));
        toIdle();
      }
    },
    [toIdle, toWaiting],
  );

  async function start(name: string) {
    setPhase("starting");
    setNoMatchReason(null);
    if (name !== self.name) {
      try {
        const { bio } = await rpc.user.getBio();
        await rpc.user.updateProfile({ name, bio });
        void refreshSession(queryClient);
      } catch {
        toast.error(TOAST.startMatchingFailed);
        return toIdle();
      }
    }
    await find(TOAST.startMatchingFailed);
  }

  async function skip() {
    const current = state.current.room;
    if (!current) return;
    ended.current.add(current.id);
    // The room stays held (and we in its presence) until the server has told the other side
    // it was skipped: gone from presence first, they would read "left" instead.
    const release = realtime.acquire(roomChannel(current.id), {});
    toWaiting();
    try {
      await rpc.room.skipStranger({ roomId: current.id, continent: region, requeueOther: true });
    } catch (error) {
      toast.error(failureText(error, TOAST.skipFailed));
      await rpc.room.leave({ roomId: current.id }).catch(() => undefined);
      toIdle();
    } finally {
      release();
    }
  }

  function leave() {
    const current = state.current.room;
    toIdle();
    if (!current) return void rpc.room.cancelStranger().catch(() => undefined);
    ended.current.add(current.id);
    void rpc.room.leave({ roomId: current.id }).catch(() => undefined);
  }

  /** The other side left or vanished: say so and look for someone new (only for us). */
  function strangerLeft(roomId: string) {
    if (ended.current.has(roomId) || state.current.room?.id !== roomId) return;
    ended.current.add(roomId);
    toast.info(TOAST.strangerLeft);
    toWaiting();
    void find(TOAST.findNewMatchFailed);
  }

  /** Our room subscription was refused: the chat ended while we were away. */
  function roomLost(roomId: string) {
    if (ended.current.has(roomId) || state.current.room?.id !== roomId) return;
    ended.current.add(roomId);
    toast.info(TOAST.chatEndedOffline);
    toIdle();
  }

  // A dropped connection took us out of the queue: join it again once back.
  useOnReconnect(() => {
    if (state.current.phase === "waiting") void find(TOAST.findNewMatchFailed);
  });

  return {
    phase,
    room,
    region,
    setRegion,
    waitingSince,
    ready: me.ready,
    onlineCount: Math.max(0, (lobby.presence?.count ?? 1) - 1),
    noMatchReason,
    closeNoMatch: () => setNoMatchReason(null),
    start,
    skip,
    leave,
    strangerLeft,
    roomLost,
  };
}
