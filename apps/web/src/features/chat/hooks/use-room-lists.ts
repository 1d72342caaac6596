import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { LOBBY_CHANNEL } from "@chatsphere/contract";
import { flattenPages } from "@/lib/pages";
import { useChannel, useOnReconnect } from "@/lib/realtime/hooks";
import { myRoomsQuery, refreshRoomLists, roomsQuery } from "../api";
import { browsableRooms } from "../rooms/room-display";

/*
 * Unread counts live in "Your rooms" only, so that list is polled more often. TanStack Query
 * pauses both timers while the tab is hidden (refetchIntervalInBackground is off).
 */
const MY_ROOMS_REFRESH_MS = 15_000;
const ALL_ROOMS_REFRESH_MS = 30_000;

/**
 * The two room lists of the Chat Rooms tab: the user's rooms and the public ones to browse.
 * Fresh on `rooms_changed` (a room created, locked, unlocked or deleted), after a reconnect
 * and on a timer; actions refetch them too (room-cache.ts).
 */
export function useRoomLists() {
  const queryClient = useQueryClient();
  const mine = useInfiniteQuery({ ...myRoomsQuery(), refetchInterval: MY_ROOMS_REFRESH_MS });
  const all = useInfiniteQuery({ ...roomsQuery(), refetchInterval: ALL_ROOMS_REFRESH_MS });
  const refresh = useCallback(() => refreshRoomLists(queryClient), [queryClient]);

  // The lobby's presence is counted only for those who track it (the stranger tab): merely
  // holding the channel for its events leaves the online count alone.
  useChannel(LOBBY_CHANNEL, {
    onEvent: (frame) => {
      if (frame.event === "rooms_changed") void refresh();
    },
  });
  useOnReconnect(() => void refresh());

  const myRooms = flattenPages(
    mine.data?.pages,
    (page) => page.rooms,
    (room) => room.id,
  );
  const allRooms = flattenPages(
    all.data?.pages,
    (page) => page.rooms,
    (room) => room.id,
  );
  const find = (id: string) =>
    myRooms.find((room) => room.id === id) ?? allRooms.find((room) => room.id === id);

  return {
    mine: { rooms: myRooms, isLoading: mine.isPending, pager: mine },
    all: { rooms: browsableRooms(allRooms, myRooms), isLoading: all.isPending, pager: all },
    /** Both lists answered at least once (a room opened by link may be in neither). */
    isReady: mine.isSuccess && all.isSuccess,
    find,
    refresh,
  };
}
export type RoomLists = ReturnType<typeof useRoomLists>;
