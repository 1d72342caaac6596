import type { Context, Env, Hono } from "hono";
import {
  BLOG_IMAGE_TYPES,
  blogImageOriginalOf,
  MEDIA_TYPES,
  PERMISSION,
} from "@chatsphere/contract";
import { BLOG_IMAGE_CACHE_CONTROL } from "../features/blog/image-upload";
import { CHAT_FILE_CACHE_CONTROL, mayUseRoom, roomOfKey } from "../features/messages/service";
import type { Services } from "../rpc/context";
import { FILES_PREFIX, isSafeKey } from "../storage/storage";
import { rangeOf } from "./byte-range";

/** Types a browser may show in the page; anything else is only ever downloaded. */
const INLINE_TYPES = new Set([...Object.keys(MEDIA_TYPES), ...Object.keys(BLOG_IMAGE_TYPES)]);

type FileServices = Pick<Services, "storage" | "sessions" | "db">;

/** Why a room's file is refused to this request (401 signed out, 403 not in the room), or null. */
async function roomFileRefusal(services: FileServices, c: Context, roomId: string) {
  const session = await services.sessions.get(c.req.header("cookie"));
  if (!session) return c.text(PERMISSION.unauthorized, 401);
  const params = { roomId, userId: session.user.id };
  return (await mayUseRoom(services.db, params)) ? null : c.text(PERMISSION.notRoomMember, 403);
}

function cacheControlOf(key: string, roomId: string | null, stored: string): string {
  if (roomId) return CHAT_FILE_CACHE_CONTROL;
  return key.startsWith("blogs/") ? BLOG_IMAGE_CACHE_CONTROL : stored;
}

/**
 * Serves uploaded files at `/files/{key}` with the content type they were stored with (their
 * sniffed type) and `nosniff` (set for every response by security-headers.ts), so a file can
 * only ever be shown as what it was checked to be; types that are not media are downloads.
 * Blog images are public and cached for a year, immutable (their keys are never reused, also
 * those stored before that rule); a blog image's WebP variant that was not made (an image
 * uploaded before variants existed, or narrower than that width) is answered with the
 * original's bytes, so pages can always offer every width. A chat file (`chat/{roomId}/...`)
 * is served only to a member of that open room, asked on every request (a removed or banned
 * member loses access at once), and only privately cached. Single byte ranges are served
 * (206) so video and audio can seek.
 */
export function mountFiles<E extends Env>(app: Hono<E>, services: FileServices) {
  const { storage } = services;
  app.on(["GET", "HEAD"], `${FILES_PREFIX}*`, async (c) => {
    const raw = new URL(c.req.url).pathname.slice(FILES_PREFIX.length);
    let key: string;
    try {
      key = decodeURIComponent(raw);
    } catch {
      return c.text("Not found", 404);
    }
    if (!isSafeKey(key)) return c.text("Not found", 404);
    // Access first: an outsider learns nothing, not even whether the file exists.
    const roomId = roomOfKey(key);
    const refusal = roomId ? await roomFileRefusal(services, c, roomId) : null;
    if (refusal) return refusal;
    let served = key;
    let info = await storage.stat(key);
    const original = info ? null : blogImageOriginalOf(key);
    if (original) {
      served = original;
      info = await storage.stat(original);
    }
    if (!info) return c.text("Not found", 404);
    const answer = rangeOf(c.req.header("range"), info.size);
    if (answer.kind === "unsatisfiable") {
      c.header("Content-Range", `bytes */${info.size}`);
      return c.body(null, 416);
    }
    const range = answer.kind === "part" ? answer.range : undefined;
    const isHead = c.req.method === "HEAD";
    const file = isHead ? null : await storage.read(served, range);
    // Removed between the two looks (its room was just deleted).
    if (!isHead && !file) return c.text("Not found", 404);

    c.header("Content-Type", info.contentType);
    c.header("Cache-Control", cacheControlOf(key, roomId, info.cacheControl));
    c.header("Content-Disposition", INLINE_TYPES.has(info.contentType) ? "inline" : "attachment");
    c.header("Accept-Ranges", "bytes");
    if (range) c.header("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
    c.header("Content-Length", String(range ? range.end - range.start + 1 : info.size));
    const status = range ? 206 : 200;
    return file ? c.body(file.body, status) : c.body(null, status);
  });
}
