import { describe, expect, it } from "vitest";
import { mediaOf } from "./message-media";

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
