import { SendHorizontal } from "lucide-react";
import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from "react";
import { MESSAGE_MAX_LENGTH, TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { CHAT_FONT } from "../../chat-font";
import { createOutbox, withUnsent, type Outbox } from "../../outbox";
import { useVoiceRecorder } from "../../media/use-voice-recorder";
import { AttachButton } from "./attach-button";
import { EmojiPicker } from "./emoji-picker";
import { RecordButton, RecordingBar } from "./voice-note-controls";

interface ComposerProps {
  /** False until the channel is subscribed: the input says 'Connecting...' meanwhile. */
  ready: boolean;
  /** Resolves true when the message was sent; on failure the text stays in the box. */
  onSend(content: string): Promise<boolean>;
  onTyping(): void;
  /** Photos, videos and audio picked, pasted or recorded here (checked and sent by the caller). */
  onFiles(files: File[]): void;
  placeholder?: string;
}

/**
 * The message box: Enter sends, Shift+Enter breaks the line; blank messages cannot be sent.
 * Files come in through the attach button, a pasted image, or a recorded voice note.
 */
export function Composer({
  ready,
  onSend,
  onTyping,
  onFiles,
  placeholder = "Type a message...",
}: ComposerProps) {
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const latestSend = useRef(onSend);
  useEffect(() => {
    latestSend.current = onSend;
  }, [onSend]);
  // Texts leave in order, one at a time, while the box stays free for the next one.
  const outbox = useRef<Outbox | null>(null);
  const recorder = useVoiceRecorder((file) => onFiles([file]));
  const recording = recorder.phase === "recording";

  // The recording bar held the focus; when it goes, the text box takes it back.
  const wasRecording = useRef(false);
  useEffect(() => {
    if (wasRecording.current && !recording) input.current?.focus();
    wasRecording.current = recording;
  }, [recording]);
  const canSend = ready && text.trim().length > 0;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    outbox.current ??= createOutbox({
      send: (content) => latestSend.current(content),
      onUnsent: (texts) => setText((current) => withUnsent(texts, current)),
      onSettled: () => input.current?.focus(),
    });
    outbox.current.push(text.trim());
    setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  // A pasted screenshot or copied image is sent as a file; pasted text stays ordinary text.
  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const images = Array.from(event.clipboardData.files).filter((f) => f.type.startsWith("image/"));
    if (images.length === 0) return;
    event.preventDefault();
    onFiles(images);
  }

  function insertEmoji(emoji: string) {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  }

  return (
    <form
      onSubmit={submit}
      className="flex items-end gap-1.5 border-t bg-background/80 p-2 backdrop-blur sm:p-3"
    >
      <EmojiPicker onPick={insertEmoji} disabled={!ready || recording} />
      <AttachButton onFiles={onFiles} disabled={!ready || recording} />
      {recording ? (
        <RecordingBar recorder={recorder} />
      ) : (
        <>
          <Textarea
            ref={input}
            rows={1}
            value={text}
            maxLength={MESSAGE_MAX_LENGTH}
            disabled={!ready}
            aria-label="Message"
            placeholder={ready ? placeholder : TEXT.connecting}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim()) onTyping();
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            className="field-sizing-content max-h-36 min-h-10 flex-1 resize-none rounded-2xl"
            style={CHAT_FONT}
          />
          <RecordButton recorder={recorder} disabled={!ready} />
          <Button
            type="submit"
            size="icon"
            variant="brand"
            className="rounded-full"
            disabled={!canSend}
            aria-label="Send message"
          >
            <SendHorizontal className="size-4" />
          </Button>
        </>
      )}
    </form>
  );
}
