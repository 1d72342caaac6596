import { describe, expect, it } from "vitest";
import type { ChatMessage, MessageMedia } from "@chatsphere/contract";
import { coverPreviewOf, messageViewOf, OPEN_CONTEXT, type SafetyContext } from "./message-view";

const ME = "me";
const THEM = "them";
const NONE = { revealed: false, mediaShown: false, mediaFailed: false };

const photo: MessageMedia = {
  kind: "image",
  type: "image/png",
  url: "/files/chat/r/them-1-a.png",
  width: 640,
  height: 480,
  previewUrl: "/files/chat/r/preview/them-1-a.webp",
};

function message(
  senderId: string,
  content: string,
  media: MessageMedia | null = null,
): Pick<ChatMessage, "senderId" | "content" | "media"> {
  return { senderId, content, media };
}

const stranger = (holdLinks = false): SafetyContext => ({
  selfId: ME,
  hiddenSenders: null,
  coverMedia: true,
  holdLinks,
});
const room = (blocked: string[]): SafetyContext => ({
  selfId: ME,
  hiddenSenders: new Set(blocked),
  coverMedia: false,
  holdLinks: false,
});

describe("messages of blocked people in rooms", () => {
  it("hide behind one line until revealed", () => {
    const context = room([THEM]);
    expect(messageViewOf(message(THEM, "hi"), context, NONE)).toEqual({ kind: "blocked" });
    expect(messageViewOf(message(THEM, "hi"), context, { ...NONE, revealed: true })).toEqual({
      kind: "text",
      holdLinks: false,
    });
  });

  it("never hide the reader's own messages nor those of people not blocked", () => {
    const context = room([THEM]);
    expect(messageViewOf(message(ME, "hi"), context, NONE).kind).toBe("text");
    expect(messageViewOf(message("other", "hi"), context, NONE).kind).toBe("text");
  });

  it("hide media too", () => {
    expect(messageViewOf(message(THEM, photo.url, photo), room([THEM]), NONE).kind).toBe("blocked");
  });
});

describe("media from strangers", () => {
  it("a stranger's photo or video is covered until shown", () => {
    const view = messageViewOf(message(THEM, photo.url, photo), stranger(), NONE);
    expect(view).toMatchObject({ kind: "media", covered: true, uploaded: true });
    const video = { ...photo, kind: "video" as const, type: "video/mp4", previewUrl: null };
    expect(messageViewOf(message(THEM, video.url, video), stranger(), NONE)).toMatchObject({
      covered: true,
    });
    const shown = messageViewOf(message(THEM, photo.url, photo), stranger(), {
      ...NONE,
      mediaShown: true,
    });
    expect(shown).toMatchObject({ kind: "media", covered: false });
  });

  it("the reader's own media is never covered", () => {
    expect(messageViewOf(message(ME, photo.url, photo), stranger(), NONE)).toMatchObject({
      covered: false,
    });
  });

  it("a voice note is not covered; nothing is covered outside stranger chat", () => {
    const audio = { ...photo, kind: "audio" as const, type: "audio/wav", previewUrl: null };
    expect(messageViewOf(message(THEM, audio.url, audio), stranger(), NONE)).toMatchObject({
      covered: false,
    });
    expect(messageViewOf(message(THEM, photo.url, photo), OPEN_CONTEXT(ME), NONE)).toMatchObject({
      covered: false,
    });
  });

  it("a bare link to a picture elsewhere is covered, or held as a link when links wait", () => {
    const link = "https://elsewhere.example/cat.jpg";
    expect(messageViewOf(message(THEM, link), stranger(), NONE)).toMatchObject({
      kind: "media",
      covered: true,
      uploaded: false,
    });
    expect(messageViewOf(message(THEM, link), stranger(true), NONE)).toEqual({
      kind: "text",
      holdLinks: true,
    });
  });

  it("media that failed to load falls back to text", () => {
    expect(
      messageViewOf(message(THEM, photo.url, photo), stranger(), { ...NONE, mediaFailed: true }),
    ).toEqual({ kind: "text", holdLinks: false });
  });
});

describe("links from strangers", () => {
  it("wait for a tap only in the other side's messages, when the setting is on", () => {
    expect(messageViewOf(message(THEM, "https://a.example"), stranger(true), NONE)).toEqual({
      kind: "text",
      holdLinks: true,
    });
    expect(messageViewOf(message(ME, "https://a.example"), stranger(true), NONE)).toEqual({
      kind: "text",
      holdLinks: false,
    });
    expect(messageViewOf(message(THEM, "https://a.example"), stranger(false), NONE)).toEqual({
      kind: "text",
      holdLinks: false,
    });
  });
});

describe("coverPreviewOf", () => {
  const covered = (media: MessageMedia | null, content = photo.url) => {
    const view = messageViewOf(message(THEM, content, media), stranger(), NONE);
    if (view.kind !== "media") throw new Error("not media");
    return coverPreviewOf(view);
  };

  it("uses the server's small preview of an uploaded photo", () => {
    expect(covered(photo)).toBe(photo.previewUrl);
  });

  it("never the full file, a video, another site or a bare link", () => {
    expect(covered({ ...photo, previewUrl: null })).toBeNull();
    expect(covered({ ...photo, previewUrl: "https://cdn.example/p.webp" })).toBeNull();
    expect(covered({ ...photo, previewUrl: "//cdn.example/p.webp" })).toBeNull();
    expect(covered({ ...photo, kind: "video", type: "video/mp4", previewUrl: null })).toBeNull();
    expect(covered(null, "https://elsewhere.example/cat.jpg")).toBeNull();
  });
});
