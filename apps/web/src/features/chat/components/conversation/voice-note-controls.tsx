import { Mic, Send, X } from "lucide-react";
import { toast } from "@/lib/toast";
import { TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { formatDuration } from "../../media/recorder-support";
import type { useVoiceRecorder } from "../../media/use-voice-recorder";

type Recorder = ReturnType<typeof useVoiceRecorder>;

/**
 * The microphone button. Where recording is impossible it stays visible and focusable, says
 * why in its tooltip, and says it again on press: a control that silently does nothing, or
 * vanishes, leaves people guessing.
 */
export function RecordButton({ recorder, disabled }: { recorder: Recorder; disabled?: boolean }) {
  const { unavailable } = recorder;
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={TEXT.recordVoiceNote}
      aria-description={unavailable ?? undefined}
      title={unavailable ?? TEXT.recordVoiceNote}
      aria-disabled={unavailable ? true : undefined}
      disabled={disabled || recorder.phase === "starting"}
      onClick={() => {
        if (unavailable) toast.info(unavailable);
        else void recorder.start();
      }}
    >
      <Mic className="size-5" />
    </Button>
  );
}

/** While recording, in place of the text box: the elapsed time, cancel, and stop-and-send. */
export function RecordingBar({ recorder }: { recorder: Recorder }) {
  return (
    <div className="flex min-h-10 flex-1 items-center gap-2 rounded-2xl border border-destructive/40 bg-destructive/5 px-2">
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={TEXT.cancelRecording}
        title={TEXT.cancelRecording}
        onClick={recorder.cancel}
      >
        <X />
      </Button>
      <span className="flex flex-1 items-center gap-2 text-sm">
        <span className="size-2.5 animate-pulse rounded-full bg-destructive" aria-hidden />
        {TEXT.recording}
        <time className="tabular-nums text-muted-foreground">
          {formatDuration(recorder.elapsedSeconds)}
        </time>
      </span>
      <Button
        type="button"
        variant="brand"
        size="icon-sm"
        className="rounded-full"
        // Focus moves here as recording starts, so the keyboard is on the next step.
        autoFocus
        aria-label={TEXT.stopRecording}
        title={TEXT.stopRecording}
        onClick={recorder.stop}
      >
        <Send />
      </Button>
    </div>
  );
}
