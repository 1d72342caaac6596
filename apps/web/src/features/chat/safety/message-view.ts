import type { ChatMessage } from "@chatsphere/contract";
import { displayMediaOf, type DisplayMedia } from "../message-media";

/*
 * How a message shows, given what the reader chose about the people and content around them
 * (issue 14). One decision, made here and unit tested, rendered by the message bubble.
 */

/** What the conversation knows about the reader's safety choices. */
export interface SafetyContext {
  selfId: string;
  /** A room: messages of these people (blocked by the reader) hide behind one line. */
  hiddenSenders: ReadonlySet<string> | null;
  /** Stranger chat: the other side's photos and videos wait for the reader's consent. */
  coverMedia: boolean;
  /** Stranger chat with the /profile setting on: the other side's links wait for a tap. */
  holdLinks: boolean;
}

/** No safety choice applies (a direct chat). */
export const OPEN_CONTEXT = (selfId: string): SafetyContext => ({
  selfId,
  hiddenSenders: null,
  coverMedia: false,
  holdLinks: false,
});

/** What the reader did to this one message. */
export interface MessageChoices {
  /** 'Show' on a blocked person's message. */
  revealed: boolean;
  /** 'Show' on this covered photo or video, or 'Always show in this chat'. */
  mediaShown: boolean;
  /** The media could not load: its link shows instead. */
  mediaFailed: boolean;
}

export type MessageView =
  | { kind: "blocked" }
  | { kind: "media"; media: DisplayMedia; covered: boolean; uploaded: boolean }
  | { kind: "text"; holdLinks: boolean };

/** Media worth a consent step: what can show something unwanted at a glance. */
const COVERED_KINDS = new Set(["image", "video"]);

export function messageViewOf(
  message: Pick<ChatMessage, "senderId" | "content" | "media">,
  context: SafetyContext,
  choices: MessageChoices,
): MessageView {
  const mine = message.senderId === context.selfId;
  if (!mine && !choices.revealed && context.hiddenSenders?.has(message.senderId)) {
    return { kind: "blocked" };
  }
  const holdLinks = !mine && context.holdLinks;
  const media = choices.mediaFailed ? null : displayMediaOf(message);
  if (!media) return { kind: "text", holdLinks };
  const uploaded = message.media !== null;
  // A bare link to a file elsewhere would be fetched from that site: held like any link.
  if (holdLinks && !uploaded) return { kind: "text", holdLinks };
  const covered =
    !mine && context.coverMedia && COVERED_KINDS.has(media.kind) && !choices.mediaShown;
  return { kind: "media", media, covered, uploaded };
}

/**
 * The first view of covered media: the server's small preview (a photo uploaded into this
 * chat, from this site), never the full file nor anything from another site.
 */
export function coverPreviewOf(view: Extract<MessageView, { kind: "media" }>): string | null {
  if (!view.uploaded || view.media.kind !== "image") return null;
  const preview = view.media.previewUrl;
  return preview?.startsWith("/") && !preview.startsWith("//") ? preview : null;
}
