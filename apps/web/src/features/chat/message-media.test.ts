import { describe, expect, it } from "vitest";
import type { MessageMedia } from "@chatsphere/contract";
import { displayMediaOf, fitWithin, mediaOf } from "./message-media";

describe("message media rule", () => {
  it("renders a message that is only an image, video or audio URL as media", () => {
    expect(mediaOf("https://x.example/cat.JPG")?.kind).toBe("image");
    expect(mediaOf(" http://x.example/a/b.webp ")?.kind).toBe("image");
    expect(mediaOf("https://x.example/clip.mp4?t=3")?.kind).toBe("video");
    expect(mediaOf("https://x.example/sound.ogg")?.kind).toBe("video");
    expect(mediaOf("https://x.example/song.mp3")?.kind).toBe("audio");
    expect(mediaOf("/files/room/u-1-a.wav")).toBeNull();
  });

  it("keeps everything else as text", () => {
    expect(mediaOf("look https://x.example/cat.jpg")).toBeNull();
    expect(mediaOf("https://x.example/page.html")).toBeNull();
    expect(mediaOf("https://x.example/")).toBeNull();
    expect(mediaOf("javascript:alert(1)//.png")).toBeNull();
    expect(mediaOf("ftp://x.example/cat.png")).toBeNull();
    expect(mediaOf("<img src=x onerror=alert(1)>.png")).toBeNull();
  });
});

describe("what a message displays", () => {
  const image: MessageMedia = {
    kind: "image",
    type: "image/png",
    url: "/files/chat/r1/u-1-cat.png",
    width: 1600,
    height: 900,
    previewUrl: "/files/chat/r1/u-1-cat.preview.webp",
  };

  it("renders an uploaded file by the kind the server found, with its size and preview", () => {
    expect(displayMediaOf({ content: image.url, media: image })).toEqual({
      kind: "image",
      url: image.url,
      previewUrl: image.previewUrl,
      width: 1600,
      height: 900,
    });
    const audio: MessageMedia = {
      kind: "audio",
      type: "audio/webm",
      url: "/files/chat/r1/u-1-note.webm",
      width: null,
      height: null,
      previewUrl: null,
    };
    expect(displayMediaOf({ content: audio.url, media: audio })).toMatchObject({
      kind: "audio",
      url: "/files/chat/r1/u-1-note.webm",
      width: null,
    });
  });

  it("keeps the §5 rule when there is no uploaded file, and text as text", () => {
    expect(displayMediaOf({ content: "https://x.example/a.gif", media: null })).toMatchObject({
      kind: "image",
      previewUrl: null,
      width: null,
    });
    expect(displayMediaOf({ content: "/files/chat/r1/u-1-cat.png", media: null })).toBeNull();
    expect(displayMediaOf({ content: "hello", media: null })).toBeNull();
  });

  it("reserves no box for an image whose size the server did not give", () => {
    expect(displayMediaOf({ content: "x", media: { ...image, width: 0 } })).toMatchObject({
      width: null,
      height: null,
    });
  });
});

describe("image box", () => {
  it("keeps small images as they are and scales large ones into the box, same proportions", () => {
    expect(fitWithin(200, 100, 320, 320)).toEqual({ width: 200, height: 100 });
    expect(fitWithin(1600, 900, 320, 320)).toEqual({ width: 320, height: 180 });
    expect(fitWithin(900, 1600, 320, 320)).toEqual({ width: 180, height: 320 });
    expect(fitWithin(10_000, 1, 320, 320)).toEqual({ width: 320, height: 1 });
  });
});
