import { Link2 } from "lucide-react";
import { useNavigate } from "@tanstack/react-router";
import { TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/**
 * Guests may only chat with strangers (SPEC §6); rooms and Following ask them to link first,
 * and Cancel goes back to the stranger tab. A guest's Follow in a stranger chat asks too:
 * there it opens on demand (`open`) and Cancel (`onCancel`) just closes it, the chat goes on.
 */
export function LinkAccountDialog({
  open = true,
  onCancel,
}: {
  open?: boolean;
  onCancel?(): void;
}) {
  const navigate = useNavigate();
  const cancel =
    onCancel ?? (() => void navigate({ to: "/chat", search: { tab: "stranger-chat" } }));
  return (
    <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? undefined : cancel())}>
      <DialogContent>
        <DialogHeader>
          <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <Link2 className="size-6" />
          </span>
          <DialogTitle>{TEXT.linkAccountTitle}</DialogTitle>
          <DialogDescription>{TEXT.linkAccountBody}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={cancel}>
            {TEXT.cancel}
          </Button>
          <Button variant="brand" onClick={() => void navigate({ to: "/profile" })}>
            Continue
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
