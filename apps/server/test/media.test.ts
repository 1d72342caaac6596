import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { room } from "../src/db/schema";
import { directChat } from "./follow-fixtures";
import { useTestServer } from "./harness";
import {
  animatedGif,
  chatRoom,
  file,
  hasGpsTag,
  jpegWithExifAndGps,
  messagesOf,
  mp3,
  mp4Video,
  pngImage,
  webmVoiceNote,
} from "./media-fixtures";

/*
 * Photos, videos and voice notes in every chat (issue 11, item 3), through the oRPC client
 * as the web sends them: message.uploadMedia stores the file under its room, message.send
 * with exactly its URL makes a media message, and /files serves it to the room's members.
 */

const t = useTestServer();
const db = () => t.server.runtime.services.db;

const fetchAs = (cookie: string, url: string, headers: Record<string, string> = {}) =>
  t.server.request(url, { headers: { cookie, ...headers } });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("message.uploadMedia: photos", () => {
  it("re-encodes a photo upright, without EXIF or GPS, with its size and a preview", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const source = await jpegWithExifAndGps(64, 32);
    expect(hasGpsTag((await sharp(source).metadata()).exif)).toBe(true);
    expect(source.includes("SecretCam")).toBe(true);

    const photo = file(source, "Été à Paris!!.JPG", "image/jpeg");
    const { url, media } = await ann.client.message.uploadMedia({ roomId, file: photo });
    const name = `${ann.id}-\\d+-ete-a-paris`;
    expect(url).toMatch(new RegExp(`^/files/chat/${roomId}/${name}\\.jpg$`));
    // Orientation 6 (sideways) applied: 64 x 32 as taken, 32 x 64 as shown.
    expect(media).toMatchObject({ kind: "image", type: "image/jpeg", url, width: 32, height: 64 });
    expect(media.previewUrl).toMatch(new RegExp(`^/files/chat/${roomId}/preview/${name}\\.webp$`));

    const response = await fetchAs(ann.cookie, url);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/jpeg",
      "content-disposition": "inline",
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
    });
    const stored = await bytesOf(response);
    expect(stored.includes("SecretCam")).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 32, height: 64 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();

    const preview = await fetchAs(ann.cookie, media.previewUrl ?? "");
    expect(preview.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(await bytesOf(preview)).metadata()).toMatchObject({ width: 32 });
  });

  it("keeps a PNG a PNG and makes its preview at most 480 px wide", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const png = file(await pngImage(1200, 800), "wide.png", "image/png");
    const { url, media } = await ann.client.message.uploadMedia({ roomId, file: png });
    expect(url).toMatch(/\/[^/]+-\d+-wide\.png$/);
    expect(media).toMatchObject({ type: "image/png", width: 1200, height: 800 });
    const stored = await bytesOf(await fetchAs(ann.cookie, url));
    expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 1200 });
    const preview = await bytesOf(await fetchAs(ann.cookie, media.previewUrl ?? ""));
    expect(await sharp(preview).metadata()).toMatchObject({ width: 480, height: 320 });
  });

  it("keeps an animated GIF animated and stores the size of one frame", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const gif = file(await animatedGif(12, 10), "party.gif", "image/gif");
    const { url, media } = await ann.client.message.uploadMedia({ roomId, file: gif });
    expect(media).toMatchObject({ type: "image/gif", width: 12, height: 10 });
    const stored = await bytesOf(await fetchAs(ann.cookie, url));
    const meta = await sharp(stored, { animated: true }).metadata();
    expect(meta.format).toBe("gif");
    expect(meta.pages).toBeGreaterThan(1);
  });

  it("names a file without a name after its sniffed type, and never reuses a key", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const png = await pngImage(4, 4);
    const [a, b] = await Promise.all([
      ann.client.message.uploadMedia({ roomId, file: file(png, "") }),
      ann.client.message.uploadMedia({ roomId, file: file(png, "") }),
    ]);
    expect(a.url).toMatch(/-\d+-file\.png$/);
    expect(a.url).not.toBe(b.url);
  });
});

describe("message.uploadMedia: videos and voice notes", () => {
  it("stores a video as received and serves byte ranges so it can seek", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const video = mp4Video(200_000);
    const { url, media } = await ann.client.message.uploadMedia({
      roomId,
      file: file(video, "clip.mov", "video/quicktime"),
    });
    expect(url).toMatch(/-\d+-clip\.mov$/);
    expect(media).toEqual({
      kind: "video",
      type: "video/mp4",
      url,
      width: null,
      height: null,
      previewUrl: null,
    });
    const whole = await fetchAs(ann.cookie, url);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect((await bytesOf(whole)).equals(video)).toBe(true);

    const part = await fetchAs(ann.cookie, url, { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${video.length}`);
    expect(part.headers.get("content-length")).toBe("100");
    expect((await bytesOf(part)).equals(video.subarray(100, 200))).toBe(true);

    const tail = await fetchAs(ann.cookie, url, { range: "bytes=-10" });
    expect((await bytesOf(tail)).equals(video.subarray(-10))).toBe(true);
    const beyond = await fetchAs(ann.cookie, url, { range: `bytes=${video.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${video.length}`);
  });

  it.each([
    ["a recorded voice note (WebM, audio only)", webmVoiceNote(), "voice.webm", "audio/webm"],
    ["an MP3", mp3(), "Song.MP3", "audio/mpeg"],
  ])("takes %s as audio", async (_name, bytes, name, type) => {
    const guest = await t.server.signInAsGuest();
    const stranger = await t.server.signInAsGuest();
    // Guests chat with strangers: a stranger room is theirs to send files in.
    const roomId = await chatRoom(db(), "stranger", guest, stranger);
    const { url, media } = await guest.client.message.uploadMedia({
      roomId,
      file: file(bytes, name),
    });
    expect(media).toMatchObject({ kind: "audio", type, width: null, previewUrl: null });
    const response = await fetchAs(stranger.cookie, url);
    expect(response.headers.get("content-type")).toBe(type);
    expect((await bytesOf(response)).equals(bytes)).toBe(true);
  });
});

describe("message.send with an uploaded file's URL", () => {
  it("makes a media message that message.list returns, and bumps the room's activity", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    const upload = await ann.client.message.uploadMedia({
      roomId,
      file: file(await pngImage(30, 20), "dot.png"),
    });
    const sent = await ann.client.message.send({ roomId, content: upload.url });
    expect(sent.media).toEqual(upload.media);
    const { messages } = await bob.client.message.list({ roomId });
    expect(messages.map((m) => m.media)).toEqual([upload.media]);

    const [row] = await messagesOf(db(), roomId);
    const [activity] = await db()
      .select({ at: room.lastActivityAt })
      .from(room)
      .where(eq(room.id, roomId));
    expect(row?.mediaType).toBe("image/png");
    expect(activity?.at.toISOString()).toBe(sent.createdAt);
  });

  it("keeps text, and another room's file URL, plain text (media null)", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const otherRoomId = await chatRoom(db(), "user", ann);
    const elsewhere = await ann.client.message.uploadMedia({
      roomId: otherRoomId,
      file: file(mp3(), "a.mp3"),
    });
    for (const content of ["hello", elsewhere.url, `${elsewhere.url}?x`, "/files/chat/none"]) {
      const sent = await ann.client.message.send({ roomId, content });
      expect(sent.media).toBeNull();
    }
    const rows = await messagesOf(db(), roomId);
    expect(rows.map((r) => r.mediaType)).toEqual([null, null, null, null]);
  });

  it("a plain message bumps the room's last activity to its own time", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const sent = await ann.client.message.send({ roomId, content: "hi" });
    const [activity] = await db()
      .select({ at: room.lastActivityAt })
      .from(room)
      .where(eq(room.id, roomId));
    expect(activity?.at.toISOString()).toBe(sent.createdAt);
  });
});
