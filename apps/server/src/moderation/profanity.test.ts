import { describe, expect, it } from "vitest";
import { PROFANITY_REPLACEMENT as X } from "@chatsphere/contract";
import { cleanProfanity } from "./profanity";

describe("cleanProfanity", () => {
  it.each([
    ["you fuck off", `you ${X} off`],
    ["f*ck this", `${X} this`],
    ["sh1t happens, b1tch", `${X} happens, ${X}`],
    ["FUUUCK", X],
    ["tum chutiya ho", `tum ${X} ho`],
    ["bhenchod yaar", `${X} yaar`],
  ])("replaces each bad word of %j with an emoji", (text, expected) => {
    expect(cleanProfanity(text)).toBe(expected);
  });

  it.each(["Scunthorpe", "a class assessment", "Hello, how are you?", "https://example.com/a.png"])(
    "leaves clean text alone: %j",
    (text) => {
      expect(cleanProfanity(text)).toBe(text);
    },
  );
});
