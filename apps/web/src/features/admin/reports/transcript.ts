import { SAFETY_TEXT, TEXT, type AdminReport, type MediaKind } from "@chatsphere/contract";

/*
 * How a report's snapshot reads on the Reports page: one line per message, oldest first,
 * with who sent it, when, its text or the kind of file it was, whether it is still in the
 * conversation, whether it is the message the report points at, and whether the admin may
 * delete it (a message of the reported user that still exists).
 */

export interface TranscriptLine {
  id: string;
  sender: string;
  /** Sent by the reported user. */
  fromReported: boolean;
  /** ISO 8601, for `<time dateTime>`. */
  at: string;
  /** '2:05 PM', or 'Jan 5, 2:05 PM' on the first line and where the day changes. */
  time: string;
  /** The text, or what kind of file it was ('Photo', 'Video', 'Voice note'). */
  text: string;
  media: MediaKind | "file" | null;
  /** No longer in the conversation (deleted since, by its sender or an admin). */
  gone: boolean;
  /** The message the report points at. */
  reported: boolean;
  deletable: boolean;
}

const MEDIA_LABEL: Record<MediaKind, string> = {
  image: TEXT.previewPhoto,
  video: TEXT.previewVideo,
  audio: TEXT.previewVoiceNote,
};

const isMediaKind = (kind: string): kind is MediaKind => Object.hasOwn(MEDIA_LABEL, kind);

/** 'Photo', 'Video', 'Voice note'; 'File' for a kind this page has no name for. */
export const mediaLabelOf = (kind: string) =>
  isMediaKind(kind) ? MEDIA_LABEL[kind] : SAFETY_TEXT.mediaFile;

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const dayTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const dayOf = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

/** The time of a message; with its day when it is the first or the day changed. */
export function timeLabel(date: Date, previous: Date | null): string {
  return previous && dayOf(previous) === dayOf(date)
    ? timeFormat.format(date)
    : dayTimeFormat.format(date);
}

/** A person's name as the page shows it; empty when their account was deleted. */
export const displayName = (name: string | null | undefined) =>
  name?.trim() || SAFETY_TEXT.deletedAccount;

export function transcriptOf(
  report: Pick<AdminReport, "snapshot" | "messageId" | "reported">,
): TranscriptLine[] {
  let previous: Date | null = null;
  return report.snapshot.map((message) => {
    const date = new Date(message.createdAt);
    const time = timeLabel(date, previous);
    previous = date;
    const fromReported = message.senderId !== null && message.senderId === report.reported.id;
    const media = message.mediaKind
      ? isMediaKind(message.mediaKind)
        ? message.mediaKind
        : "file"
      : null;
    return {
      id: message.id,
      sender: displayName(message.senderName),
      fromReported,
      at: message.createdAt,
      time,
      text: message.mediaKind ? mediaLabelOf(message.mediaKind) : message.content,
      media,
      gone: !message.exists,
      reported: message.id === report.messageId,
      deletable: fromReported && message.exists,
    };
  });
}

/**
 * The reports of every page loaded, each once: a report decided by another admin between two
 * pages shifts nothing with cursors, but a refetch racing 'Load more' may repeat one.
 */
export function reportsOfPages<T extends { id: string }>(
  pages: readonly { reports: readonly T[] }[] | undefined,
): T[] {
  const seen = new Set<string>();
  const reports: T[] = [];
  for (const page of pages ?? []) {
    for (const report of page.reports) {
      if (seen.has(report.id)) continue;
      seen.add(report.id);
      reports.push(report);
    }
  }
  return reports;
}
