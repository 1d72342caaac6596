import { Trash2 } from "lucide-react";
import { useState } from "react";
import { USERS_TEXT } from "@chatsphere/contract";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useDeleteAllGuests } from "../api";

/**
 * 'Delete Guests' (the full 'Delete All Guests' on wide screens) with its confirmation; it
 * reads 'Deleting...' while the server works through the guests (SPEC §2).
 */
export function DeleteGuestsButton() {
  const [open, setOpen] = useState(false);
  const deleteGuests = useDeleteAllGuests();
  const running = deleteGuests.isPending;

  const confirm = () => deleteGuests.mutate(undefined, { onSettled: () => setOpen(false) });

  return (
    <AlertDialog open={open} onOpenChange={(next) => setOpen(running ? true : next)}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive" pending={running}>
          {running ? null : <Trash2 aria-hidden />}
          {running ? (
            USERS_TEXT.deleting
          ) : (
            <>
              <span className="lg:hidden">{USERS_TEXT.deleteGuestsShort}</span>
              <span className="hidden lg:inline">{USERS_TEXT.deleteGuestsLong}</span>
            </>
          )}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{USERS_TEXT.deleteGuestsTitle}</AlertDialogTitle>
          <AlertDialogDescription>{USERS_TEXT.deleteGuestsBody}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={running}>{USERS_TEXT.cancel}</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open, reading
              'Deleting...', until the server answers. */}
          <Button variant="destructive" onClick={confirm} pending={running}>
            {running ? USERS_TEXT.deleting : USERS_TEXT.continue}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
