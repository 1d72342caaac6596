import { describe, expect, it } from "vitest";
import { TEXT } from "@chatsphere/contract";
import {
  formatDuration,
  microphoneErrorText,
  pickRecordingType,
  recorderUnavailableReason,
} from "./recorder-support";

const capable = { isSecureContext: true, hasGetUserMedia: true, hasMediaRecorder: true };

describe("voice note support", () => {
  it("explains why recording is impossible instead of failing silently", () => {
    expect(recorderUnavailableReason(capable)).toBeNull();
    // A plain-http LAN address: no mediaDevices at all, and the reason is the address.
    expect(
      recorderUnavailableReason({
        isSecureContext: false,
        hasGetUserMedia: false,
        hasMediaRecorder: true,
      }),
    ).toBe(TEXT.voiceNoteInsecure);
    expect(recorderUnavailableReason({ ...capable, hasMediaRecorder: false })).toBe(
      TEXT.voiceNoteUnsupported,
    );
  });

  it("names the microphone's refusals", () => {
    expect(microphoneErrorText("NotAllowedError")).toBe(TEXT.voiceNoteDenied);
    expect(microphoneErrorText("NotFoundError")).toBe(TEXT.voiceNoteNoMicrophone);
    expect(microphoneErrorText("NotReadableError")).toBe(TEXT.voiceNoteMicrophoneBusy);
    expect(microphoneErrorText("TypeError")).toBe(TEXT.voiceNoteFailed);
  });

  it("records in the first format the browser offers that the server accepts", () => {
    expect(pickRecordingType(() => true)).toBe("audio/webm;codecs=opus");
    expect(pickRecordingType((type) => type.startsWith("audio/ogg"))).toBe("audio/ogg;codecs=opus");
    expect(pickRecordingType((type) => type === "audio/mp4")).toBe("audio/mp4");
    expect(pickRecordingType(() => false)).toBe("");
  });

  it("shows the elapsed time as minutes and seconds", () => {
    expect(formatDuration(7.9)).toBe("0:07");
    expect(formatDuration(754)).toBe("12:34");
    expect(formatDuration(-1)).toBe("0:00");
  });
});
