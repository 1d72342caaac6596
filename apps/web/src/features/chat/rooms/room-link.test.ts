import { describe, expect, it, vi } from "vitest";
import { copyText, roomShareUrl } from "./room-link";

describe("the room's share link", () => {
  it("uses the public address when the server has one", () => {
    const base = { publicUrl: "https://chat.example.com", origin: "http://192.168.1.20:3000" };
    expect(roomShareUrl("abc123", base)).toBe("https://chat.example.com/chat/room/abc123");
  });

  it("falls back to the page's origin (a LAN address over http)", () => {
    for (const publicUrl of [null, undefined, "", "  "]) {
      expect(roomShareUrl("abc123", { publicUrl, origin: "http://192.168.1.20:3000" })).toBe(
        "http://192.168.1.20:3000/chat/room/abc123",
      );
    }
  });

  it("never doubles the slash, and escapes the id", () => {
    const base = { publicUrl: "https://chat.example.com/", origin: "http://x" };
    expect(roomShareUrl("a b/c", base)).toBe("https://chat.example.com/chat/room/a%20b%2Fc");
  });
});

describe("copying the link", () => {
  it("uses the Clipboard API when there is one", async () => {
    const writeText = vi.fn(async () => undefined);
    const legacyCopy = vi.fn(() => true);
    expect(await copyText("link", { clipboard: { writeText }, legacyCopy })).toBe(true);
    expect(writeText).toHaveBeenCalledWith("link");
    expect(legacyCopy).not.toHaveBeenCalled();
  });

  it("copies the old way on a page without the Clipboard API (plain http)", async () => {
    const legacyCopy = vi.fn(() => true);
    expect(await copyText("link", { legacyCopy })).toBe(true);
    expect(legacyCopy).toHaveBeenCalledWith("link");
  });

  it("copies the old way when the Clipboard API refuses", async () => {
    const writeText = vi.fn(async () => {
      throw new Error("Document is not focused.");
    });
    const legacyCopy = vi.fn(() => true);
    expect(await copyText("link", { clipboard: { writeText }, legacyCopy })).toBe(true);
    expect(legacyCopy).toHaveBeenCalledOnce();
  });

  it("reports failure when neither way copies, so the link is shown instead", async () => {
    expect(await copyText("link", { legacyCopy: () => false })).toBe(false);
    const throwing = () => {
      throw new Error("execCommand is gone");
    };
    expect(await copyText("link", { legacyCopy: throwing })).toBe(false);
  });
});
