import type { Env, Hono } from "hono";
import { FILES_PREFIX, isSafeKey, type FileStorage } from "../storage/storage";

/**
 * Serves uploaded files at `/files/{key}` with the content type they were stored with (their
 * sniffed type), their cache policy and `nosniff` (set for every response by
 * security-headers.ts), so a file can only ever be shown as what it was checked to be.
 */
export function mountFiles<E extends Env>(app: Hono<E>, storage: FileStorage) {
  app.on(["GET", "HEAD"], `${FILES_PREFIX}*`, async (c) => {
    const raw = new URL(c.req.url).pathname.slice(FILES_PREFIX.length);
    let key: string;
    try {
      key = decodeURIComponent(raw);
    } catch {
      return c.text("Not found", 404);
    }
    if (!isSafeKey(key)) return c.text("Not found", 404);
    const file = await storage.read(key);
    if (!file) return c.text("Not found", 404);
    c.header("Content-Type", file.contentType);
    c.header("Content-Length", String(file.size));
    c.header("Cache-Control", file.cacheControl);
    c.header("Content-Disposition", "inline");
    if (c.req.method === "HEAD") {
      await file.body.cancel();
      return c.body(null, 200);
    }
    return c.body(file.body, 200);
  });
}
