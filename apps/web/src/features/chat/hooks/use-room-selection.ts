import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { roomChannel, TOAST, type RoomSummary } from "@chatsphere/contract";
import { useChannel } from "@/lib/realtime/hooks";
import { rpc } from "@/lib/rpc";
import { editRoomLists, myRoomsQuery } from "../api";
import { withoutRoom, withRoomFirst } from "../rooms/room-pages";
import { useRoomLists } from "./use-room-lists";

/**
 * Which room the Chat Rooms tab shows (SPEC §4 "Room lifecycle"): the roomId search parameter
 * (or /chat/room/{id}) joins automatically; selecting another room first leaves the current
 * one; a ban or the room's deletion takes the user back to the room picker at once.
 */
export function useRoomSelection(roomId: string | undefined, selfId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lists = useRoomLists();
  const { refresh } = lists;
  const show = useCallback(
    (id: string | undefined) =>
      navigate({ to: "/chat", search: { tab: "chat-rooms", roomId: id } }),
    [navigate],
  );

  const join = useMutation({
    mutationFn: (id: string) => rpc.room.join({ roomId: id }),
    onSuccess: () => refresh(),
    onError: (error) => {
      toast.error(error.message);
      void show(undefined);
    },
  });
  // A room opened by link may sit on a page not loaded yet: join's answer describes it.
  const joinedRoom = join.data?.room.id === roomId ? join.data?.room : undefined;
  const current = (roomId ? lists.find(roomId) : undefined) ?? joinedRoom ?? null;
  const isOwner = current !== null && current.ownerId === selfId;

  const { reset: forgetJoin } = join;
  /** Back to the room picker, the room gone from the lists until they say otherwise. */
  const exit = useCallback(
    (id: string) => {
      editRoomLists(queryClient, (data) => withoutRoom(data, id));
      forgetJoin();
      void refresh();
      void show(undefined);
    },
    [queryClient, forgetJoin, refresh, show],
  );

  // The open room's channel: bans and deletion, and presence (member counts change).
  const { presence } = useChannel(current?.isMember ? roomChannel(current.id) : null, {
    onEvent: (frame) => {
      if (frame.event === "user_banned" && frame.payload.userId === selfId) {
        toast.error(TOAST.bannedFromRoom);
        exit(frame.payload.roomId);
      }
      // The owner who deleted it is told by the delete call itself.
      if (frame.event === "room_closed" && frame.payload.reason === "deleted") {
        if (frame.payload.byUserId === selfId) return;
        toast.info(TOAST.roomDeleted);
        exit(frame.payload.roomId);
      }
    },
  });
  const presentCount = presence?.count ?? 0;
  useEffect(() => {
    if (presentCount > 0) void refresh();
  }, [presentCount, refresh]);

  const attempted = useRef<string | null>(null);
  const { mutate: joinRoom } = join;
  useEffect(() => {
    // Back on the picker: the same room may be picked again later, and must be joined again.
    if (!roomId) attempted.current = null;
    if (!roomId || !lists.isReady || current?.isMember || attempted.current === roomId) return;
    attempted.current = roomId;
    joinRoom(roomId);
  }, [roomId, lists.isReady, current?.isMember, joinRoom]);

  async function select(id: string) {
    if (id === roomId) return;
    // Owners stay in their own rooms (they stay under "Your rooms"); others leave (SPEC §4).
    if (roomId && current?.isMember && !isOwner) {
      await rpc.room.leave({ roomId }).catch(() => undefined);
    }
    await show(id);
    void refresh();
  }

  const leave = useMutation({
    mutationFn: (id: string) => rpc.room.leave({ roomId: id }),
    onSuccess: async () => {
      toast.success(TOAST.leftRoom);
      forgetJoin();
      await refresh();
      await show(undefined);
    },
    onError: (error) => toast.error(error.message),
  });

  return {
    lists,
    current,
    isOwner,
    joined: Boolean(current?.isMember),
    joining: join.isPending,
    select: (id: string) => void select(id),
    /** A room the user just created: listed at once, then opened (no join needed). */
    created: (room: RoomSummary) => {
      queryClient.setQueryData(myRoomsQuery().queryKey, (data) => withRoomFirst(data, room));
      void select(room.id);
    },
    exit,
    leave: () => roomId && leave.mutate(roomId),
    leaving: leave.isPending,
  };
}
