import { describe, expect, it } from "vitest";
import { SAFETY_TEXT, TEXT, type AdminReport, type SnapshotMessage } from "@chatsphere/contract";
import { mediaLabelOf, reportsOfPages, timeLabel, transcriptOf } from "./transcript";

const at = (day: number, hour: number, minute: number) =>
  new Date(2026, 0, day, hour, minute).toISOString();

const message = (over: Partial<SnapshotMessage>): SnapshotMessage => ({
  id: "m",
  senderId: "bad",
  senderName: "Mallory",
  content: "hello",
  mediaKind: null,
  createdAt: at(5, 14, 5),
  exists: true,
  ...over,
});

const report = (
  snapshot: SnapshotMessage[],
  messageId: string | null = null,
): Pick<AdminReport, "snapshot" | "messageId" | "reported"> => ({
  snapshot,
  messageId,
  reported: { id: "bad", name: "Mallory", image: null, banned: false, pausedFromStrangers: false },
});

describe("timeLabel", () => {
  it("gives the day on the first line and where the day changes, else the time only", () => {
    const first = new Date(2026, 0, 5, 14, 5);
    const sameDay = new Date(2026, 0, 5, 23, 59);
    const nextDay = new Date(2026, 0, 6, 0, 1);
    expect(timeLabel(first, null)).toBe("Jan 5, 2:05 PM");
    expect(timeLabel(sameDay, first)).toBe("11:59 PM");
    expect(timeLabel(nextDay, sameDay)).toBe("Jan 6, 12:01 AM");
  });
});

describe("mediaLabelOf", () => {
  it("names the chat's file kinds as the chat does, and any other kind 'File'", () => {
    expect(mediaLabelOf("image")).toBe(TEXT.previewPhoto);
    expect(mediaLabelOf("video")).toBe(TEXT.previewVideo);
    expect(mediaLabelOf("audio")).toBe(TEXT.previewVoiceNote);
    expect(mediaLabelOf("toString")).toBe(SAFETY_TEXT.mediaFile);
  });
});

describe("transcriptOf", () => {
  const lines = transcriptOf(
    report(
      [
        message({ id: "a", senderId: "me", senderName: "Alice", createdAt: at(5, 14, 0) }),
        message({ id: "b", content: "go away", createdAt: at(5, 14, 1) }),
        message({ id: "c", exists: false, content: "deleted text", createdAt: at(5, 14, 2) }),
        message({
          id: "d",
          content: "/files/chat/r/x.jpg",
          mediaKind: "image",
          createdAt: at(6, 9, 0),
        }),
        message({ id: "e", senderId: null, senderName: "", createdAt: at(6, 9, 1) }),
      ],
      "b",
    ),
  );

  it("keeps the order and says who sent each message", () => {
    expect(lines.map((line) => [line.id, line.sender, line.fromReported])).toEqual([
      ["a", "Alice", false],
      ["b", "Mallory", true],
      ["c", "Mallory", true],
      ["d", "Mallory", true],
      ["e", SAFETY_TEXT.deletedAccount, false],
    ]);
  });

  it("highlights the reported message only", () => {
    expect(lines.filter((line) => line.reported).map((line) => line.id)).toEqual(["b"]);
  });

  it("offers Delete only on the reported user's messages that still exist", () => {
    expect(lines.filter((line) => line.deletable).map((line) => line.id)).toEqual(["b", "d"]);
    expect(lines.find((line) => line.id === "c")).toMatchObject({ gone: true, deletable: false });
  });

  it("shows a file as its kind, not its address", () => {
    expect(lines.find((line) => line.id === "d")).toMatchObject({
      media: "image",
      text: TEXT.previewPhoto,
    });
    expect(lines.find((line) => line.id === "a")).toMatchObject({ media: null, text: "hello" });
  });

  it("dates the first line and the first of a new day", () => {
    expect(lines.map((line) => line.time)).toEqual([
      "Jan 5, 2:00 PM",
      "2:01 PM",
      "2:02 PM",
      "Jan 6, 9:00 AM",
      "9:01 AM",
    ]);
  });

  it("is empty for an empty snapshot", () => {
    expect(transcriptOf(report([]))).toEqual([]);
  });
});

describe("reportsOfPages", () => {
  it("joins the pages and keeps each report once", () => {
    const pages = [
      { reports: [{ id: "1" }, { id: "2" }] },
      { reports: [{ id: "2" }, { id: "3" }] },
    ];
    expect(reportsOfPages(pages).map((r) => r.id)).toEqual(["1", "2", "3"]);
    expect(reportsOfPages(undefined)).toEqual([]);
  });
});
