import { TEXT } from "@chatsphere/contract";

/** What the browser offers for recording, read once from window/navigator by the caller. */
export interface RecorderEnvironment {
  /** https, localhost or 127.0.0.1: browsers hide the microphone from plain-http pages. */
  isSecureContext: boolean;
  hasGetUserMedia: boolean;
  hasMediaRecorder: boolean;
}

/**
 * Why a voice note cannot be recorded here, or null when it can. On a plain-http LAN
 * address `navigator.mediaDevices` is simply missing, so insecurity is named first: "this
 * browser cannot record" would send people hunting for another browser.
 */
export function recorderUnavailableReason(env: RecorderEnvironment): string | null {
  if (!env.isSecureContext) return TEXT.voiceNoteInsecure;
  if (!env.hasGetUserMedia || !env.hasMediaRecorder) return TEXT.voiceNoteUnsupported;
  return null;
}

/** getUserMedia's refusals (DOMException names) in words a person can act on. */
export function microphoneErrorText(errorName: string): string {
  switch (errorName) {
    case "NotAllowedError":
    case "SecurityError":
      return TEXT.voiceNoteDenied;
    case "NotFoundError":
    case "OverconstrainedError":
      return TEXT.voiceNoteNoMicrophone;
    case "NotReadableError":
    case "AbortError":
      return TEXT.voiceNoteMicrophoneBusy;
    default:
      return TEXT.voiceNoteFailed;
  }
}

/**
 * Recording formats the server accepts, best first: Opus in WebM (Chromium, Firefox) or Ogg
 * (Firefox), then AAC in MP4 (Safari). Empty when none is offered: the browser picks.
 */
const RECORDING_TYPES = [
  "audio/webm;codecs=opus",
  "audio/ogg;codecs=opus",
  "audio/webm",
  "audio/ogg",
  "audio/mp4",
];

export function pickRecordingType(isTypeSupported: (type: string) => boolean): string {
  return RECORDING_TYPES.find((type) => isTypeSupported(type)) ?? "";
}

/** "0:07", "12:34": the elapsed time of a recording. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
