import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import type { ChatMessage } from "@chatsphere/contract";
import { newClientId } from "../send-retry";
import { deliverUpload } from "./deliver-upload";
import { checkMediaFile } from "./media-check";
import {
  isFinished,
  newUpload,
  nextUpload,
  updateUpload,
  type UploadEvent,
  type UploadItem,
} from "./upload-queue";

/** The file the checks accepted, under the name and type the server will agree with. */
function acceptedFile(file: File, name: string, type: string): File {
  if (file.name === name && file.type === type) return file;
  return new File([file], name, { type, lastModified: file.lastModified });
}

/**
 * Files on their way into a room, one after another: checked with the contract's limits,
 * previewed at once from an object URL, uploaded with progress (cancel aborts the request),
 * then sent as a message whose content is the file's url. The queue's rules live in
 * upload-queue.ts; this hook runs them and owns the files, requests and object URLs.
 */
export function useMediaUploads(roomId: string, onSent: (message: ChatMessage) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  // The queue as the running steps see it, ahead of React's next render.
  const queue = useRef<UploadItem[]>([]);
  const files = useRef(new Map<string, File>());
  const requests = useRef(new Map<string, AbortController>());
  const pumping = useRef(false);
  const mounted = useRef(true);
  const sentTo = useRef(onSent);
  useEffect(() => {
    sentTo.current = onSent;
  }, [onSent]);

  const commit = (next: UploadItem[]) => {
    queue.current = next;
    if (mounted.current) setItems(next);
  };
  const apply = (id: string, event: UploadEvent) => commit(updateUpload(queue.current, id, event));
  const release = (item: UploadItem) => {
    if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    files.current.delete(item.id);
    requests.current.delete(item.id);
  };
  const prune = () => {
    queue.current.filter(isFinished).forEach(release);
    commit(queue.current.filter((item) => !isFinished(item)));
  };

  useEffect(() => {
    mounted.current = true;
    const open = requests.current;
    return () => {
      mounted.current = false;
      open.forEach((request) => request.abort());
      queue.current.forEach(release);
    };
  }, []);

  async function deliver(item: UploadItem) {
    apply(item.id, { type: "started" });
    const request = new AbortController();
    requests.current.set(item.id, request);
    const delivery = await deliverUpload({
      roomId,
      item,
      file: files.current.get(item.id),
      signal: request.signal,
      report: (event) => apply(item.id, event),
    });
    requests.current.delete(item.id);
    if (delivery.outcome === "sent") {
      apply(item.id, { type: "sent" });
      sentTo.current(delivery.message);
    } else if (delivery.outcome === "failed") {
      if (mounted.current) toast.error(delivery.error);
      apply(item.id, { type: "failed", error: delivery.error });
    }
  }

  async function pump() {
    if (pumping.current) return;
    pumping.current = true;
    try {
      for (let next = nextUpload(queue.current); next && mounted.current;) {
        await deliver(next);
        prune();
        next = nextUpload(queue.current);
      }
    } finally {
      pumping.current = false;
    }
  }

  function add(picked: File[]) {
    const accepted: UploadItem[] = [];
    for (const original of picked) {
      const check = checkMediaFile(original);
      if (!check.ok) {
        toast.error(check.error);
        continue;
      }
      const file = acceptedFile(original, check.name, check.type);
      // The item's id is its message's clientId: unique, and fixed across retries.
      const id = newClientId();
      files.current.set(id, file);
      const previewUrl = check.kind === "audio" ? null : URL.createObjectURL(file);
      accepted.push(newUpload({ id, clientId: id, name: file.name, kind: check.kind, previewUrl }));
    }
    if (accepted.length === 0) return;
    commit([...queue.current, ...accepted]);
    void pump();
  }

  return {
    items,
    add,
    cancel(id: string) {
      apply(id, { type: "cancelled" });
      requests.current.get(id)?.abort();
      prune();
    },
    retry(id: string) {
      apply(id, { type: "retried" });
      void pump();
    },
    remove(id: string) {
      const item = queue.current.find((candidate) => candidate.id === id);
      if (!item || item.status !== "failed") return;
      release(item);
      commit(queue.current.filter((candidate) => candidate.id !== id));
    },
  };
}

export type MediaUploads = ReturnType<typeof useMediaUploads>;
