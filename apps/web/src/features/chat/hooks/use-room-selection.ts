import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";
import { toast } from "sonner";
import { roomChannel, TOAST } from "@chatsphere/contract";
import { flattenPages } from "@/lib/pages";
import { useChannel } from "@/lib/realtime/hooks";
import { rpc } from "@/lib/rpc";
import { ROOMS_KEY, roomsQuery } from "../api";

const ROOMS_REFRESH_MS = 30_000;

/**
 * Which room the Chat Rooms tab shows (SPEC §4 "Room lifecycle"): the roomId search parameter
 * joins automatically; selecting another room first leaves the current one.
 */
export function useRoomSelection(roomId: string | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rooms = useInfiniteQuery({ ...roomsQuery(), refetchInterval: ROOMS_REFRESH_MS });
  const list = flattenPages(
    rooms.data?.pages,
    (page) => page.rooms,
    (room) => room.id,
  );
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ROOMS_KEY }),
    [queryClient],
  );
  const show = (id: string | undefined) =>
    navigate({ to: "/chat", search: { tab: "chat-rooms", roomId: id } });

  const join = useMutation({
    mutationFn: (id: string) => rpc.room.join({ roomId: id }),
    onSuccess: () => refresh(),
    onError: (error) => {
      toast.error(error.message);
      void show(undefined);
    },
  });
  // A room opened by link may sit on a page not loaded yet: join's answer describes it.
  const joined = join.data?.room.id === roomId ? join.data?.room : undefined;
  const current = list.find((r) => r.id === roomId) ?? joined ?? null;

  // People coming and going in the open room change its member count: refresh the list.
  const { presence } = useChannel(current?.isMember ? roomChannel(current.id) : null);
  const presentCount = presence?.count ?? 0;
  useEffect(() => {
    if (presentCount > 0) void refresh();
  }, [presentCount, refresh]);

  const attempted = useRef<string | null>(null);
  const { mutate } = join;
  useEffect(() => {
    if (!roomId || !rooms.isSuccess || current?.isMember || attempted.current === roomId) return;
    attempted.current = roomId;
    mutate(roomId);
  }, [roomId, rooms.isSuccess, current?.isMember, mutate]);

  async function select(id: string) {
    if (id === roomId) return;
    if (roomId && current?.isMember) {
      await rpc.room.leave({ roomId }).catch(() => undefined);
    }
    await show(id);
  }

  const leave = useMutation({
    mutationFn: (id: string) => rpc.room.leave({ roomId: id }),
    onSuccess: async () => {
      toast.success(TOAST.leftRoom);
      join.reset();
      await refresh();
      await show(undefined);
    },
    onError: (error) => toast.error(error.message),
  });

  return {
    rooms: list,
    /** The next page of rooms, for the list's Load more button. */
    pager: rooms,
    isLoading: rooms.isPending,
    current,
    joined: Boolean(current?.isMember),
    joining: join.isPending,
    select: (id: string) => void select(id),
    leave: () => roomId && leave.mutate(roomId),
    leaving: leave.isPending,
  };
}
