import type { MediaKind } from "@chatsphere/contract";

/**
 * One file on its way into the conversation:
 *   queued -> uploading (progress) -> sending -> done
 *   queued | uploading -> cancelled (the request is aborted, nothing is sent)
 *   uploading | sending -> failed -> queued again (retry), or removed
 * A retry after the upload succeeded keeps its url and only sends again, with the same
 * clientId, so a send that reached the server after all is not stored twice.
 */
export type UploadStatus = "queued" | "uploading" | "sending" | "done" | "failed" | "cancelled";

export interface UploadItem {
  id: string;
  /** The message's clientId, fixed for the item's whole life. */
  clientId: string;
  name: string;
  kind: MediaKind;
  /** An object URL of the local file, for the instant preview (images and videos). */
  previewUrl: string | null;
  status: UploadStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  /** Set once the server stored the file. */
  url: string | null;
  error: string | null;
}

export type UploadEvent =
  | { type: "started" }
  | { type: "progressed"; fraction: number }
  | { type: "uploaded"; url: string }
  | { type: "sent" }
  | { type: "failed"; error: string }
  | { type: "cancelled" }
  | { type: "retried" };

export function newUpload(
  fields: Pick<UploadItem, "id" | "clientId" | "name" | "kind" | "previewUrl">,
): UploadItem {
  return { ...fields, status: "queued", progress: 0, url: null, error: null };
}

/**
 * The item after an event; an event that does not fit the status changes nothing. That is
 * what settles races: an upload aborted by Cancel still rejects, and its "failed" arrives
 * after "cancelled"; a progress event may trail the answer.
 */
export function transition(item: UploadItem, event: UploadEvent): UploadItem {
  switch (event.type) {
    case "started":
      if (item.status !== "queued") return item;
      return item.url
        ? { ...item, status: "sending", error: null }
        : { ...item, status: "uploading", progress: 0, error: null };
    case "progressed":
      if (item.status !== "uploading") return item;
      return { ...item, progress: Math.min(1, Math.max(item.progress, event.fraction)) };
    case "uploaded":
      if (item.status !== "uploading") return item;
      return { ...item, status: "sending", progress: 1, url: event.url };
    case "sent":
      return item.status === "sending" ? { ...item, status: "done" } : item;
    case "failed":
      if (item.status !== "uploading" && item.status !== "sending") return item;
      return { ...item, status: "failed", error: event.error };
    case "cancelled":
      if (item.status !== "queued" && item.status !== "uploading") return item;
      return { ...item, status: "cancelled" };
    case "retried":
      return item.status === "failed" ? { ...item, status: "queued", error: null } : item;
  }
}

/** Applies an event to one item of the queue. */
export const updateUpload = (items: UploadItem[], id: string, event: UploadEvent) =>
  items.map((item) => (item.id === id ? transition(item, event) : item));

/** Files go one after another: the next queued one, once none is in flight. */
export function nextUpload(items: UploadItem[]): UploadItem | null {
  if (items.some((item) => item.status === "uploading" || item.status === "sending")) return null;
  return items.find((item) => item.status === "queued") ?? null;
}

/** Done and cancelled items leave the tray (a sent one is in the conversation by then). */
export const isFinished = (item: UploadItem) =>
  item.status === "done" || item.status === "cancelled";

export const canCancel = (item: UploadItem) =>
  item.status === "queued" || item.status === "uploading";
