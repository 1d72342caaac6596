import { describe, expect, it } from "vitest";
import { MEDIA_ERROR, MEDIA_MAX_BYTES } from "@chatsphere/contract";
import { checkMediaFile, mediaFileName, normalizeType, voiceNoteName } from "./media-check";

const MB = 1024 * 1024;

describe("client-side media checks", () => {
  it("accepts each kind up to its limit and refuses one byte more with the contract's text", () => {
    const cases = [
      { name: "cat.png", type: "image/png", kind: "image", limit: 10 },
      { name: "clip.mp4", type: "video/mp4", kind: "video", limit: 50 },
      { name: "song.mp3", type: "audio/mpeg", kind: "audio", limit: 20 },
    ] as const;
    for (const { name, type, kind, limit } of cases) {
      expect(MEDIA_MAX_BYTES[kind]).toBe(limit * MB);
      expect(checkMediaFile({ name, type, size: limit * MB })).toMatchObject({ ok: true, kind });
      expect(checkMediaFile({ name, type, size: limit * MB + 1 })).toEqual({
        ok: false,
        error: MEDIA_ERROR.tooLarge(kind, limit),
      });
    }
    expect(MEDIA_ERROR.tooLarge("image", 10)).toBe("Photos can be at most 10 MB.");
    expect(MEDIA_ERROR.tooLarge("audio", 20)).toBe("Audio files can be at most 20 MB.");
  });

  it("refuses empty files and types that are not photos, videos or audio", () => {
    expect(checkMediaFile({ name: "a.png", type: "image/png", size: 0 })).toEqual({
      ok: false,
      error: MEDIA_ERROR.empty,
    });
    for (const file of [
      { name: "notes.txt", type: "text/plain", size: 5 },
      { name: "photo.heic", type: "image/heic", size: 5 },
      { name: "vector.svg", type: "image/svg+xml", size: 5 },
      { name: "tool.exe", type: "", size: 5 },
      { name: "noextension", type: "application/octet-stream", size: 5 },
    ]) {
      expect(checkMediaFile(file)).toEqual({ ok: false, error: MEDIA_ERROR.typeUnsupported });
    }
  });

  it("understands the names browsers give types, codecs included", () => {
    expect(normalizeType("audio/webm;codecs=opus")).toBe("audio/webm");
    expect(normalizeType("AUDIO/X-WAV")).toBe("audio/wav");
    expect(normalizeType("audio/mp3")).toBe("audio/mpeg");
    expect(normalizeType("video/quicktime")).toBe("video/mp4");
    expect(normalizeType("image/bmp")).toBeNull();
    expect(checkMediaFile({ name: "memo.wav", type: "audio/x-wav", size: 44 })).toMatchObject({
      ok: true,
      kind: "audio",
      type: "audio/wav",
    });
  });

  it("falls back to the name's extension when the browser declared no type", () => {
    expect(checkMediaFile({ name: "shot.WEBP", type: "", size: 9 })).toMatchObject({
      ok: true,
      kind: "image",
      type: "image/webp",
      name: "shot.WEBP",
    });
    expect(
      checkMediaFile({ name: "v.ogv", type: "application/octet-stream", size: 9 }),
    ).toMatchObject({ ok: true, kind: "video", type: "video/ogg" });
  });
});

describe("media file naming", () => {
  it("keeps a name whose extension fits the type and fixes one that does not", () => {
    expect(mediaFileName("Beach Day.JPG", "image/jpeg")).toBe("Beach Day.JPG");
    expect(mediaFileName("image", "image/png")).toBe("image.png");
    expect(mediaFileName("photo.jpeg", "image/png")).toBe("photo.png");
    expect(mediaFileName(".png", "image/gif")).toBe("file.gif");
    expect(checkMediaFile({ name: "pasted", type: "image/png", size: 3 })).toMatchObject({
      name: "pasted.png",
    });
  });

  it("names a voice note after the moment it was recorded, with the recording's extension", () => {
    const at = new Date(2025, 0, 31, 14, 5, 9);
    expect(voiceNoteName("audio/webm", at)).toBe("voice-note-20250131-140509.webm");
    expect(voiceNoteName("audio/ogg", at)).toBe("voice-note-20250131-140509.ogg");
    expect(voiceNoteName("audio/mp4", at)).toBe("voice-note-20250131-140509.m4a");
  });
});
