import { TEXT } from "@chatsphere/contract";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";

/**
 * The room link to copy by hand, for browsers that would copy it neither way (room-link.ts).
 * The field is focused and selected, so Ctrl+C (or the phone's Copy) is all that is left.
 */
export function ShareLinkDialog({ link, onClose }: { link: string | null; onClose(): void }) {
  return (
    <Dialog open={link !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TEXT.shareLinkTitle}</DialogTitle>
          <DialogDescription>{TEXT.shareLinkHint}</DialogDescription>
        </DialogHeader>
        <Input
          readOnly
          value={link ?? ""}
          aria-label={TEXT.shareLinkTitle}
          onFocus={(event) => event.currentTarget.select()}
        />
      </DialogContent>
    </Dialog>
  );
}
