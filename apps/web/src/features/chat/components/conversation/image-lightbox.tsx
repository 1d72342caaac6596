import { TEXT } from "@chatsphere/contract";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";

/**
 * The full image over the page. Radix's dialog traps focus, closes on Escape and on a click
 * outside, and gives focus back to the thumbnail that opened it.
 */
export function ImageLightbox({
  src,
  open,
  onOpenChange,
}: {
  src: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby={undefined}
        className="w-fit max-w-[calc(100vw-1rem)] place-items-center p-2 pt-11 sm:max-w-[min(calc(100vw-4rem),72rem)] sm:p-3 sm:pt-11"
      >
        <DialogTitle className="sr-only">{TEXT.sharedImage}</DialogTitle>
        {/* Loaded only when opened: the list shows the small preview. */}
        {open ? (
          <img
            src={src}
            alt={TEXT.sharedImage}
            className="max-h-[calc(100dvh-6rem)] max-w-full rounded-lg object-contain"
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
