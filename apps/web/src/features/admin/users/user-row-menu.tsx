import { Ban, MoreHorizontal, ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { USERS_TEXT, type AdminUser } from "@chatsphere/contract";
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
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useUserAction } from "../api";

/** The row menu: Unban User if banned, else Ban User, and Delete User after a confirmation. */
export function UserRowMenu({ user, displayName }: { user: AdminUser; displayName: string }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const action = useUserAction();
  const run = (kind: "ban" | "unban" | "remove") =>
    action.mutate({ action: kind, userId: user.id });

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={USERS_TEXT.rowActions(displayName)}
            pending={action.isPending}
          >
            {action.isPending ? null : <MoreHorizontal aria-hidden />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {user.banned ? (
            <DropdownMenuItem onSelect={() => run("unban")}>
              <ShieldCheck aria-hidden /> {USERS_TEXT.unbanUser}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => run("ban")}>
              <Ban aria-hidden /> {USERS_TEXT.banUser}
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden /> {USERS_TEXT.deleteUser}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{USERS_TEXT.deleteUserTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              {USERS_TEXT.deleteUserBody(displayName)}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{USERS_TEXT.cancel}</AlertDialogCancel>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirmDelete(false);
                run("remove");
              }}
            >
              {USERS_TEXT.deleteUser}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
