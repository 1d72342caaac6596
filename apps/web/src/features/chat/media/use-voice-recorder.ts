import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { TEXT } from "@chatsphere/contract";
import { normalizeType, voiceNoteName } from "./media-check";
import {
  microphoneErrorText,
  pickRecordingType,
  recorderUnavailableReason,
} from "./recorder-support";

export type RecorderPhase = "idle" | "starting" | "recording";

/** Chunks stay in memory until the end, and a long talk is what a file is for: 5 minutes. */
const VOICE_NOTE_MAX_MS = 5 * 60_000;

interface Session {
  recorder: MediaRecorder;
  /** False when cancelled: the recording is thrown away instead of sent. */
  keep: boolean;
}

const unavailableHere = () =>
  recorderUnavailableReason({
    isSecureContext: window.isSecureContext,
    hasGetUserMedia: typeof navigator.mediaDevices?.getUserMedia === "function",
    hasMediaRecorder: typeof MediaRecorder !== "undefined",
  });

/**
 * A voice note with MediaRecorder, in a format the browser offers and the server accepts.
 * Stopping hands the recording over as a File (it is then sent like any file); cancelling
 * drops it. When recording is impossible, `unavailable` says why and start() says it too.
 */
export function useVoiceRecorder(onRecorded: (file: File) => void) {
  const [phase, setPhase] = useState<RecorderPhase>("idle");
  const [elapsedMs, setElapsedMs] = useState(0);
  const session = useRef<Session | null>(null);
  const mounted = useRef(true);
  const recordedTo = useRef(onRecorded);
  useEffect(() => {
    recordedTo.current = onRecorded;
  }, [onRecorded]);
  const unavailable = unavailableHere();

  const stop = (keep: boolean) => {
    const current = session.current;
    if (!current || current.recorder.state === "inactive") return;
    current.keep = keep;
    current.recorder.stop();
  };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stop(false);
    };
  }, []);

  useEffect(() => {
    if (phase !== "recording") return;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const elapsed = Date.now() - startedAt;
      setElapsedMs(elapsed);
      if (elapsed >= VOICE_NOTE_MAX_MS) stop(true);
    }, 250);
    return () => clearInterval(timer);
  }, [phase]);

  function record(stream: MediaStream) {
    const mimeType = pickRecordingType((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    const current: Session = { recorder, keep: true };
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      if (session.current === current) session.current = null;
      if (mounted.current) setPhase("idle");
      if (!current.keep) return;
      const type = normalizeType(recorder.mimeType || mimeType) ?? "audio/webm";
      const blob = new Blob(chunks, { type });
      recordedTo.current(new File([blob], voiceNoteName(type, new Date()), { type }));
    };
    session.current = current;
    // A timeslice, so the data arrives as it is recorded rather than all at the stop.
    recorder.start(1000);
    setElapsedMs(0);
    setPhase("recording");
  }

  async function start() {
    if (unavailable) {
      toast.error(unavailable);
      return;
    }
    if (phase !== "idle") return;
    setPhase("starting");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      toast.error(microphoneErrorText(error instanceof DOMException ? error.name : ""));
      if (mounted.current) setPhase("idle");
      return;
    }
    if (!mounted.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    try {
      record(stream);
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      toast.error(TEXT.voiceNoteFailed);
      setPhase("idle");
    }
  }

  return {
    phase,
    unavailable,
    elapsedSeconds: elapsedMs / 1000,
    start,
    stop: () => stop(true),
    cancel: () => stop(false),
  };
}
