import { TOAST, type ChatMessage } from "@chatsphere/contract";
import { failureText } from "@/lib/rpc-error";
import { isAbortError } from "@/lib/xhr-upload";
import { directChatRefusal } from "../refusal-text";
import { sendMessage } from "../send-message";
import { sendWithRetry } from "../send-retry";
import type { UploadEvent, UploadItem } from "./upload-queue";
import { uploadFailureText, uploadMedia } from "./upload-media";

export type Delivery =
  | { outcome: "sent"; message: ChatMessage }
  | { outcome: "failed"; error: string }
  /** Cancel aborted the upload: nothing was sent and nothing needs saying. */
  | { outcome: "cancelled" };

interface DeliveryInput {
  roomId: string;
  item: UploadItem;
  /** Absent when the item already has its url (a retried send). */
  file: File | undefined;
  signal: AbortSignal;
  /** Each step as the queue's event (progress, uploaded), for the tray to follow. */
  report(event: UploadEvent): void;
}

async function upload({ roomId, item, file, signal, report }: DeliveryInput) {
  if (item.url) return item.url;
  if (!file) throw new Error("The file of this upload is gone.");
  const { url } = await uploadMedia(roomId, file, {
    signal,
    onProgress: (fraction) => report({ type: "progressed", fraction }),
  });
  report({ type: "uploaded", url });
  return url;
}

/**
 * One file's way into the room: the upload (skipped when a failed send is retried), then
 * message.send (over the socket when open, else HTTP) with the file's url as content and the
 * item's clientId, retried on network failures like a text message, so a send that reached
 * the server is not stored twice.
 */
export async function deliverUpload(input: DeliveryInput): Promise<Delivery> {
  let url: string;
  try {
    url = await upload(input);
  } catch (error) {
    if (isAbortError(error)) return { outcome: "cancelled" };
    return { outcome: "failed", error: directChatRefusal(error) ?? uploadFailureText(error) };
  }
  if (input.signal.aborted) return { outcome: "cancelled" };
  try {
    const { roomId, item } = input;
    const message = await sendWithRetry(() =>
      sendMessage({ roomId, content: url, clientId: item.clientId }),
    );
    return { outcome: "sent", message };
  } catch (error) {
    const text = directChatRefusal(error) ?? failureText(error, TOAST.sendFileFailed);
    return { outcome: "failed", error: text };
  }
}
