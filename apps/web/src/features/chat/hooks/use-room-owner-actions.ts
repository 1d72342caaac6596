import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { TOAST, type RoomSummary } from "@chatsphere/contract";
import { rpc } from "@/lib/rpc";
import { rpcErrorMessage } from "@/lib/rpc-error";
import { editRoomLists, refreshRoomLists } from "../api";
import { withRoomPatched } from "../rooms/room-pages";
import { copyText, roomShareUrl } from "../rooms/room-link";
import { appConfig } from "@/lib/app-config";

/**
 * The owner's actions on the open room (SPEC §6 "Room owner"): share its link, lock or
 * unlock it, delete it. The server checks ownership on every call; the menu only hides them.
 */
export function useRoomOwnerActions(room: RoomSummary, onDeleted: (roomId: string) => void) {
  const queryClient = useQueryClient();
  /** A link the browser would not copy, shown for copying by hand. */
  const [manualLink, setManualLink] = useState<string | null>(null);

  const toggleLock = useMutation({
    mutationFn: () => rpc.room.toggleLock({ roomId: room.id }),
    onSuccess: ({ isLocked }) => {
      toast.success(TOAST.roomLockUpdated);
      editRoomLists(queryClient, (data) => withRoomPatched(data, room.id, { isLocked }));
      void refreshRoomLists(queryClient);
    },
    onError: (error) => toast.error(rpcErrorMessage(error, TOAST.genericError)),
  });

  const remove = useMutation({
    mutationFn: () => rpc.room.delete({ id: room.id }),
    onSuccess: () => {
      toast.success(TOAST.roomDeleted);
      onDeleted(room.id);
    },
    onError: (error) =>
      toast.error(TOAST.deleteRoomFailed(rpcErrorMessage(error, TOAST.genericError))),
  });

  async function share() {
    // The public config does not carry PUBLIC_URL (yet); with PUBLIC_URL set the site is
    // served from that origin anyway (decision 0014), so the page's origin is the same.
    const link = roomShareUrl(room.id, {
      publicUrl: appConfig().publicUrl,
      origin: window.location.origin,
    });
    if (await copyText(link)) toast.success(TOAST.roomLinkCopied);
    else setManualLink(link);
  }

  return {
    toggleLock,
    remove,
    share: () => void share(),
    manualLink,
    closeManualLink: () => setManualLink(null),
  };
}
