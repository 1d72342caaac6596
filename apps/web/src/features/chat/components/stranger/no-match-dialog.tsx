import { SearchX } from "lucide-react";
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

/** After the wait ran out: the server's reason, and a way to try again at once. */
export function NoMatchDialog({
  reason,
  onClose,
  onRetry,
}: {
  reason: string | null;
  onClose(): void;
  onRetry(): void;
}) {
  return (
    <Dialog open={reason !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader className="items-center text-center sm:items-start sm:text-left">
          <SearchX className="mb-1 size-10 text-muted-foreground" />
          <DialogTitle>{TEXT.noMatchDialog}</DialogTitle>
          <DialogDescription>{reason}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button variant="brand" onClick={onRetry}>
            Try again
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
