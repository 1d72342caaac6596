import { describe, expect, it } from "vitest";
import { TEXT } from "@chatsphere/contract";
import { latestPreview, mediaKindOfContent } from "./message-preview";

const file = (name: string) => `/files/chat/room1/user1-1715688000000-${name}`;

describe("the latest message's preview in the Mutual list", () => {
  it("reads 'No messages yet' before anyone wrote", () => {
    expect(latestPreview(null)).toBe(TEXT.noMessagesYet);
  });

  it("shows text on one line, with 'You: ' when it is your own", () => {
    expect(latestPreview({ content: "Hi there,\n  how are you?", fromMe: false })).toBe(
      "Hi there, how are you?",
    );
    expect(latestPreview({ content: "See you", fromMe: true })).toBe("You: See you");
  });

  it("names a photo, a video and a voice note instead of showing their address", () => {
    expect(latestPreview({ content: file("beach.JPG"), fromMe: false })).toBe(TEXT.previewPhoto);
    expect(latestPreview({ content: file("clip.mp4"), fromMe: false })).toBe(TEXT.previewVideo);
    expect(latestPreview({ content: file("voice-note-20260514-101500.webm"), fromMe: true })).toBe(
      TEXT.previewFromMe(TEXT.previewVoiceNote),
    );
  });

  it("tells sound from pictures by the file's name where the extension carries both", () => {
    expect(mediaKindOfContent(file("voice-note-20260514-101500.ogg"))).toBe("audio");
    expect(mediaKindOfContent(file("holiday.webm"))).toBe("video");
    expect(mediaKindOfContent(file("song.mp3"))).toBe("audio");
    expect(mediaKindOfContent(file("memo.m4a"))).toBe("audio");
  });

  it("counts a link to a photo elsewhere as a photo, as the conversation shows it", () => {
    expect(mediaKindOfContent("https://example.com/cat.png?size=large")).toBe("image");
  });

  it("keeps text that merely mentions a file, or a link to a page, as text", () => {
    expect(mediaKindOfContent("look at photo.jpg")).toBeNull();
    expect(mediaKindOfContent("https://example.com/blog/post")).toBeNull();
    expect(mediaKindOfContent("ftp://example.com/cat.png")).toBeNull();
    expect(latestPreview({ content: "https://example.com/blog", fromMe: false })).toBe(
      "https://example.com/blog",
    );
  });
});
