import type { RefObject } from "react";
import { TEXT, TOAST } from "@chatsphere/contract";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

/**
 * The owner confirms a deletion with the spec's exact sentence (SPEC §8 "Rooms"). The
 * confirm button is a plain button, not AlertDialogAction, so the dialog stays open with a
 * spinner until the server answers (and stays for another try if it refuses).
 */
export function DeleteRoomDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  roomName: string;
  pending: boolean;
  onConfirm(): void;
  /** The menu the dialog was opened from: the item that opened it is gone by then. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <AlertDialog open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          const target = props.returnFocusTo.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{TEXT.deleteRoomTitle}</AlertDialogTitle>
          <AlertDialogDescription>{TOAST.deleteRoomConfirm(props.roomName)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={props.pending}>{TEXT.cancel}</AlertDialogCancel>
          <Button variant="destructive" pending={props.pending} onClick={props.onConfirm}>
            {TEXT.deleteRoom}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
