import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MEDIA_ERROR, PERMISSION } from "@chatsphere/contract";
import { room, roomBan, roomMember } from "../../src/db/schema";
import { useTestServer, type TestUser } from "../harness";
import {
  chatRoom,
  chatTraces,
  file,
  jpegWithExifAndGps,
  mp3,
  mp4Video,
  pngClaiming,
  pngImage,
} from "../media-fixtures";
import { dataPart, filePartStart, nextPartBoundary, refusal, startUpload } from "./raw-upload";

/*
 * Chat media as an attacker tries it (issue 11, item 3): uploads into rooms one is not in,
 * files too big for their kind, files that are not what they say, and fetching files of a
 * room one never was in, left, or was banned from. Every refused upload re-reads what an
 * upload could leave: files under chat/, temporary files, message rows.
 */

const t = useTestServer();
const db = () => t.server.runtime.services.db;
const MB = 1024 * 1024;
const uploadUrl = () => `${t.server.baseUrl}/rpc/message/uploadMedia`;

async function expectNothingStored(before: Awaited<ReturnType<typeof chatTraces>>) {
  expect(await chatTraces(t.server)).toEqual(before);
  expect(before.temporaryFiles).toEqual([]);
}

const upload = (user: TestUser, roomId: string, bytes: Uint8Array, name: string) =>
  user.client.message.uploadMedia({ roomId, file: file(bytes, name) });

describe("uploads into a room one may not send to", () => {
  it("a non-member's upload is refused (403) as soon as its roomId is read, before the file part; nothing stored", async () => {
    const [ann, eve] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await chatRoom(db(), "user", ann);
    const before = await chatTraces(t.server);
    // Only the data part is sent: the answer comes without the file part ever arriving.
    const attempt = startUpload(uploadUrl(), {
      cookie: eve.cookie,
      declaredLength: 5 * MB,
      first: Buffer.concat([dataPart({ roomId }, "file"), nextPartBoundary]),
    });
    const answer = await attempt.answer;
    attempt.abort();
    expect(answer).toMatchObject({ status: 403, connection: "close" });
    expect(answer.json).toEqual(refusal(403, "FORBIDDEN", PERMISSION.notRoomMember));
    await expectNothingStored(before);
  });

  it("a non-member's upload with the file's first bytes already sent is refused (403) without waiting for the rest; nothing stored", async () => {
    const [ann, eve] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await chatRoom(db(), "stranger", ann);
    const before = await chatTraces(t.server);
    const jpeg = await jpegWithExifAndGps();
    const attempt = startUpload(uploadUrl(), {
      cookie: eve.cookie,
      declaredLength: 8 * MB,
      first: Buffer.concat([
        dataPart({ roomId }, "file"),
        filePartStart("a.jpg", "image/jpeg"),
        jpeg,
      ]),
    });
    const answer = await attempt.answer;
    attempt.abort();
    expect(answer).toMatchObject({ status: 403, connection: "close" });
    await expectNothingStored(before);
  });

  it("a signed-out upload is refused (401) before the body is read; nothing stored", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const before = await chatTraces(t.server);
    const attempt = startUpload(uploadUrl(), {
      declaredLength: 5 * MB,
      first: dataPart({ roomId }, "file"),
    });
    const answer = await attempt.answer;
    attempt.abort();
    expect(answer).toMatchObject({ status: 401, connection: "close" });
    await expectNothingStored(before);
  });

  it("uploads by a removed member, a banned user and into a closed room are refused (403); nothing stored", async () => {
    const [ann, removed, banned] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    const roomId = await chatRoom(db(), "user", ann, removed, banned);
    const closedRoomId = await chatRoom(db(), "stranger", ann);
    await db()
      .delete(roomMember)
      .where(and(eq(roomMember.roomId, roomId), eq(roomMember.userId, removed.id)));
    // A ban as room.ban leaves it, and one that crossed a join: the member row is kept here.
    await db().insert(roomBan).values({ roomId, userId: banned.id });
    await db().update(room).set({ closedAt: new Date() }).where(eq(room.id, closedRoomId));
    const png = await pngImage(2, 2);
    const before = await chatTraces(t.server);
    for (const [user, target] of [
      [removed, roomId],
      [banned, roomId],
      [ann, closedRoomId],
    ] as const) {
      await expect(upload(user, target, png, "a.png")).rejects.toMatchObject({
        status: 403,
        message: PERMISSION.notRoomMember,
      });
    }
    await expectNothingStored(before);
  });

  it("an upload naming no valid room is refused (400); nothing stored", async () => {
    const ann = await t.server.signUp();
    const before = await chatTraces(t.server);
    await expect(upload(ann, "../../etc", await pngImage(2, 2), "a.png")).rejects.toMatchObject({
      status: 400,
    });
    await expectNothingStored(before);
  });
});

describe("uploads too big for their kind", () => {
  it("a declared 60 MB upload is refused (413) at once, member or not; nothing stored", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const before = await chatTraces(t.server);
    const attempt = startUpload(uploadUrl(), {
      cookie: ann.cookie,
      declaredLength: 60 * MB,
      first: dataPart({ roomId }, "file"),
    });
    const answer = await attempt.answer;
    attempt.abort();
    expect(answer).toMatchObject({ status: 413, connection: "close" });
    expect(answer.json).toEqual(
      refusal(413, "PAYLOAD_TOO_LARGE", MEDIA_ERROR.tooLarge("video", 50)),
    );
    await expectNothingStored(before);
  });

  it("a photo declared as 30 MB is cut off (413) once it streams past the photo limit; nothing stored", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const before = await chatTraces(t.server);
    const attempt = startUpload(uploadUrl(), {
      cookie: ann.cookie,
      declaredLength: 30 * MB,
      first: Buffer.concat([
        dataPart({ roomId }, "file"),
        filePartStart("big.jpg", "image/jpeg"),
        await jpegWithExifAndGps(),
      ]),
    });
    const sent = await attempt.feed(Buffer.alloc(64 * 1024), 29 * MB);
    const answer = await attempt.answer;
    attempt.abort();
    expect(answer).toMatchObject({ status: 413, connection: "close" });
    expect(answer.json).toEqual(
      refusal(413, "PAYLOAD_TOO_LARGE", MEDIA_ERROR.tooLarge("image", 10)),
    );
    // The photo limit held, not the 50 MB of videos.
    expect(sent).toBeLessThan(10 * MB + 8 * MB);
    await expectNothingStored(before);
  });

  it("a video streamed without a length is cut off (413) past 50 MB; nothing stored", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const before = await chatTraces(t.server);
    const attempt = startUpload(uploadUrl(), {
      cookie: ann.cookie,
      first: Buffer.concat([
        dataPart({ roomId }, "file"),
        filePartStart("long.mp4", "video/mp4"),
        mp4Video(64 * 1024),
      ]),
    });
    const sent = await attempt.feed(Buffer.alloc(256 * 1024), 70 * MB);
    const answer = await attempt.answer;
    attempt.abort();
    expect(answer).toMatchObject({ status: 413 });
    expect(answer.json).toEqual(
      refusal(413, "PAYLOAD_TOO_LARGE", MEDIA_ERROR.tooLarge("video", 50)),
    );
    expect(sent).toBeLessThan(58 * MB);
    await expectNothingStored(before);
  });

  it("an audio file over 20 MB is refused (413) with the audio limit; nothing stored", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const before = await chatTraces(t.server);
    const big = Buffer.alloc(20 * MB + 1);
    mp3().copy(big);
    await expect(upload(ann, roomId, big, "long.mp3")).rejects.toMatchObject({
      status: 413,
      message: MEDIA_ERROR.tooLarge("audio", 20),
    });
    await expectNothingStored(before);
  });
});

describe("uploads that are not what they say", () => {
  it.each([
    ["HTML named as a photo", Buffer.from("<!doctype html><script>alert(1)</script>"), "a.jpg"],
    ["SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "a.svg"],
    ["a PDF", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"), "a.pdf"],
    ["an AVIF photo", Buffer.from("\0\0\0\x1cftypavif\0\0\0\0avifmif1", "latin1"), "a.avif"],
  ])("%s is refused (415); nothing stored", async (_name, bytes, name) => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const before = await chatTraces(t.server);
    await expect(upload(ann, roomId, bytes, name)).rejects.toMatchObject({
      status: 415,
      message: MEDIA_ERROR.typeUnsupported,
    });
    await expectNothingStored(before);
  });

  it("a name whose extension disagrees with the bytes is refused (415); nothing stored", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const before = await chatTraces(t.server);
    const cases: [Uint8Array, string][] = [
      [await pngImage(2, 2), "song.mp3"],
      [mp3(), "photo.jpg"],
      [mp4Video(), "voice.m4a"],
    ];
    for (const [bytes, name] of cases) {
      await expect(upload(ann, roomId, bytes, name)).rejects.toMatchObject({
        status: 415,
        message: MEDIA_ERROR.extensionMismatch,
      });
    }
    await expectNothingStored(before);
  });

  it("an empty file, a photo of 400 megapixels and a broken photo are refused (400); nothing stored", async () => {
    const ann = await t.server.signUp();
    const roomId = await chatRoom(db(), "user", ann);
    const before = await chatTraces(t.server);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const cases: [Uint8Array, string, string][] = [
      [new Uint8Array(0), "empty.png", MEDIA_ERROR.empty],
      [await pngClaiming(20_000, 20_000), "bomb.png", MEDIA_ERROR.tooManyPixels(40)],
      [broken, "broken.jpg", MEDIA_ERROR.imageUnreadable],
    ];
    for (const [bytes, name, message] of cases) {
      await expect(upload(ann, roomId, bytes, name)).rejects.toMatchObject({
        status: 400,
        message,
      });
    }
    await expectNothingStored(before);
  });
});

describe("chat files are served to the room's members only", () => {
  /** Ann, Bob and Carl share a room with a photo and its preview; Eve is outside. */
  async function roomWithPhoto() {
    const users = await Promise.all([1, 2, 3, 4].map(() => t.server.signUp()));
    const [ann, bob, carl, eve] = users as [TestUser, TestUser, TestUser, TestUser];
    const roomId = await chatRoom(db(), "user", ann, bob, carl);
    const { url, media } = await upload(ann, roomId, await pngImage(8, 8), "p.png");
    return { ann, bob, carl, eve, roomId, urls: [url, media.previewUrl ?? ""] };
  }
  const fetchAs = (url: string, cookie?: string, init: RequestInit = {}) =>
    t.server.request(url, { ...init, headers: cookie ? { cookie, range: "bytes=0-3" } : {} });

  it("a visitor without a session gets 401, someone never in the room 403, for the file and its preview", async () => {
    const { eve, roomId, urls } = await roomWithPhoto();
    for (const url of urls) {
      expect((await fetchAs(url)).status).toBe(401);
      const response = await fetchAs(url, eve.cookie);
      expect(response.status).toBe(403);
      expect(await response.text()).toBe(PERMISSION.notRoomMember);
      expect((await fetchAs(url, eve.cookie, { method: "HEAD" })).status).toBe(403);
    }
    // Whether a file exists is not told to outsiders either.
    expect((await fetchAs(`/files/chat/${roomId}/none.png`, eve.cookie)).status).toBe(403);
  });

  it("a removed member and a banned user get 403 at once; the others still get the file", async () => {
    const { ann, bob, carl, roomId, urls } = await roomWithPhoto();
    const [url = ""] = urls;
    expect((await fetchAs(url, bob.cookie)).status).toBe(206);
    await db()
      .delete(roomMember)
      .where(and(eq(roomMember.roomId, roomId), eq(roomMember.userId, bob.id)));
    await db().insert(roomBan).values({ roomId, userId: carl.id });
    await db()
      .delete(roomMember)
      .where(and(eq(roomMember.roomId, roomId), eq(roomMember.userId, carl.id)));
    expect((await fetchAs(url, bob.cookie)).status).toBe(403);
    expect((await fetchAs(url, carl.cookie)).status).toBe(403);
    expect((await fetchAs(url, ann.cookie)).status).toBe(206);
  });

  it("once the room is closed (deleted, or a stranger chat ended) even its members get 403", async () => {
    const { ann, roomId, urls } = await roomWithPhoto();
    await db().update(room).set({ closedAt: new Date() }).where(eq(room.id, roomId));
    for (const url of urls) expect((await fetchAs(url, ann.cookie)).status).toBe(403);
  });
});
