import { describe, expect, it } from "vitest";
import { sniffImageType } from "./sniff";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? Array.from(part, (c) => c.charCodeAt(0)) : part,
    ),
  );

describe("sniffImageType", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"), "image/jpeg"],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "image/png"],
    ["GIF87a", bytes("GIF87a", [1, 0]), "image/gif"],
    ["GIF89a", bytes("GIF89a", [1, 0]), "image/gif"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    ["AVIF", bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0]), "image/avif"],
  ])("recognises %s by its magic number", (_name, data, type) => {
    expect(sniffImageType(data)).toBe(type);
  });

  it.each([
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ["SVG with an XML prolog", bytes('<?xml version="1.0"?><svg/>')],
    ["HTML", bytes("<!doctype html><script>alert(1)</script>")],
    ["a PNG name on text", bytes("just text pretending to be a .png")],
    ["a RIFF that is not WebP", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt ")],
    ["an MP4", bytes([0, 0, 0, 0x18], "ftypmp42", [0, 0, 0, 0])],
    ["a truncated JPEG", bytes([0xff, 0xd8])],
    ["nothing", bytes()],
  ])("refuses %s", (_name, data) => {
    expect(sniffImageType(data)).toBeNull();
  });
});
