import { describe, expect, it } from "vitest";
import {
  canCancel,
  isFinished,
  newUpload,
  nextUpload,
  transition,
  updateUpload,
  type UploadEvent,
  type UploadItem,
} from "./upload-queue";

const item = (id: string) =>
  newUpload({ id, clientId: `c-${id}`, name: `${id}.png`, kind: "image", previewUrl: null });

const run = (start: UploadItem, ...events: UploadEvent[]) => events.reduce(transition, start);

describe("upload state machine", () => {
  it("goes queued -> uploading with progress -> sending with the url -> done", () => {
    const uploading = run(item("a"), { type: "started" });
    expect(uploading).toMatchObject({ status: "uploading", progress: 0 });
    const halfway = run(uploading, { type: "progressed", fraction: 0.5 });
    expect(halfway.progress).toBe(0.5);
    // Progress never goes back, nor past the end.
    expect(run(halfway, { type: "progressed", fraction: 0.2 }).progress).toBe(0.5);
    expect(run(halfway, { type: "progressed", fraction: 3 }).progress).toBe(1);
    const sending = run(halfway, { type: "uploaded", url: "/files/chat/r/a.png" });
    expect(sending).toMatchObject({ status: "sending", url: "/files/chat/r/a.png", progress: 1 });
    expect(run(sending, { type: "sent" }).status).toBe("done");
  });

  it("cancels a queued or uploading file, and the aborted upload's failure changes nothing", () => {
    expect(run(item("a"), { type: "cancelled" }).status).toBe("cancelled");
    const cancelled = run(item("a"), { type: "started" }, { type: "cancelled" });
    expect(cancelled.status).toBe("cancelled");
    expect(run(cancelled, { type: "failed", error: "aborted" })).toBe(cancelled);
    expect(run(cancelled, { type: "uploaded", url: "/x.png" })).toBe(cancelled);
  });

  it("cannot cancel once the message is being sent", () => {
    const sending = run(item("a"), { type: "started" }, { type: "uploaded", url: "/x.png" });
    expect(canCancel(sending)).toBe(false);
    expect(run(sending, { type: "cancelled" })).toBe(sending);
  });

  it("retries a failed upload from the start, and a failed send without uploading again", () => {
    const uploadFailed = run(item("a"), { type: "started" }, { type: "failed", error: "E" });
    expect(uploadFailed).toMatchObject({ status: "failed", error: "E" });
    expect(run(uploadFailed, { type: "retried" }, { type: "started" }).status).toBe("uploading");

    const sendFailed = run(
      item("b"),
      { type: "started" },
      { type: "uploaded", url: "/b.png" },
      { type: "failed", error: "E" },
    );
    const again = run(sendFailed, { type: "retried" }, { type: "started" });
    expect(again).toMatchObject({ status: "sending", url: "/b.png", error: null });
    expect(again.clientId).toBe("c-b");
  });

  it("ignores events that do not fit the status", () => {
    const queued = item("a");
    expect(run(queued, { type: "progressed", fraction: 0.3 })).toBe(queued);
    expect(run(queued, { type: "sent" })).toBe(queued);
    expect(run(queued, { type: "retried" })).toBe(queued);
    const done = run(
      queued,
      { type: "started" },
      { type: "uploaded", url: "/a" },
      { type: "sent" },
    );
    expect(run(done, { type: "failed", error: "late" })).toBe(done);
  });
});

describe("upload queue", () => {
  it("sends several files one after another, in the order they were added", () => {
    let items = [item("a"), item("b"), item("c")];
    expect(nextUpload(items)?.id).toBe("a");
    items = updateUpload(items, "a", { type: "started" });
    expect(nextUpload(items)).toBeNull();
    items = updateUpload(items, "a", { type: "failed", error: "E" });
    expect(nextUpload(items)?.id).toBe("b");
    items = updateUpload(items, "b", { type: "cancelled" });
    expect(nextUpload(items)?.id).toBe("c");
    expect(items.filter(isFinished).map((i) => i.id)).toEqual(["b"]);
  });
});
