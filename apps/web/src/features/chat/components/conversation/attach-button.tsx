import { Paperclip } from "lucide-react";
import { useRef } from "react";
import { MEDIA_ACCEPT, TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";

/**
 * The file picker behind a real button: the input itself stays out of sight and out of the
 * tab order, the button is what keyboards and screen readers reach.
 */
export function AttachButton({
  disabled,
  onFiles,
}: {
  disabled?: boolean;
  onFiles(files: File[]): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={TEXT.attachFile}
        title={TEXT.attachFile}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <Paperclip className="size-5" />
      </Button>
      <input
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        aria-label={TEXT.attachFile}
        data-testid="attach-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared, so choosing the same file again (after a refusal) fires a change.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
