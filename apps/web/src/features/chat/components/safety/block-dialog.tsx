import { ShieldBan } from "lucide-react";
import type { RefObject } from "react";
import { SAFETY_TEXT, TEXT } from "@chatsphere/contract";
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
import { useBlock } from "../../hooks/use-block";

/**
 * 'Block {name}?' with what blocking does. The confirm button is a plain button (not
 * AlertDialogAction), so the dialog stays until the server answers, and for another try if
 * it refuses.
 */
export function BlockDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  person: { id: string; name: string };
  /** They are blocked: the place it was done from may step away (a stranger chat ends). */
  onBlocked?(): void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const block = useBlock(props.person, props.onBlocked);
  return (
    <AlertDialog
      open={props.open}
      onOpenChange={(open) => {
        if (!block.isPending) props.onOpenChange(open);
      }}
    >
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          const target = props.returnFocusTo?.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <AlertDialogHeader className="text-left">
          <AlertDialogTitle className="flex items-center gap-2">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive">
              <ShieldBan className="size-4" aria-hidden />
            </span>
            <span className="min-w-0 truncate">{SAFETY_TEXT.blockTitle(props.person.name)}</span>
          </AlertDialogTitle>
          <AlertDialogDescription>{SAFETY_TEXT.blockDescription}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={block.isPending}>{TEXT.cancel}</AlertDialogCancel>
          <Button
            variant="destructive"
            pending={block.isPending}
            onClick={() => block.mutate(undefined, { onSuccess: () => props.onOpenChange(false) })}
          >
            {block.isPending ? SAFETY_TEXT.blocking : SAFETY_TEXT.block}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
