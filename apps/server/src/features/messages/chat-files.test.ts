import { describe, expect, it } from "vitest";
import { isSafeKey } from "../../storage/storage";
import { chatFileKey, previewKeyOf, roomOfKey, safeFileName } from "./chat-files";

describe("safeFileName", () => {
  it.each([
    ["Été à Paris!!.JPG", "jpg", "ete-a-paris.jpg"],
    ["IMG_2041.jpeg", "jpeg", "img_2041.jpeg"],
    ["../../etc/passwd.png", "png", "etc-passwd.png"],
    ["a..b...c.mp3", "mp3", "a.b.c.mp3"],
    [".hidden.webm", "webm", "hidden.webm"],
    ["नमस्ते.mp4", "mp4", "file.mp4"],
    ["", "png", "file.png"],
    ["voice note", "webm", "voice-note.webm"],
  ])("makes %j a safe %s name", (name, extension, safe) => {
    expect(safeFileName(name, extension)).toBe(safe);
  });

  it("keeps at most 60 characters of the base name", () => {
    expect(safeFileName(`${"x".repeat(200)}.png`, "png")).toBe(`${"x".repeat(60)}.png`);
  });
});

describe("chat file keys", () => {
  const key = chatFileKey({
    roomId: "r1",
    userId: "U9aB",
    timestamp: 1700000000000,
    name: "My Photo.PNG",
    extension: "png",
  });

  it("places a file under its room, named by sender, time and safe name", () => {
    expect(key).toBe("chat/r1/U9aB-1700000000000-my-photo.png");
    expect(isSafeKey(key)).toBe(true);
  });

  it("puts the preview in the room's preview folder, as WebP", () => {
    expect(previewKeyOf(key)).toBe("chat/r1/preview/U9aB-1700000000000-my-photo.webp");
    expect(roomOfKey(previewKeyOf(key))).toBe("r1");
  });

  it("tells the room of chat files only", () => {
    expect(roomOfKey(key)).toBe("r1");
    expect(roomOfKey("blogs/1700000000000.png")).toBeNull();
    expect(roomOfKey("chat/r1")).toBeNull();
  });
});
