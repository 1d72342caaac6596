import { AllProfanity, englishBadWords, hindiBadWords } from "allprofanity";
import { describe, expect, it } from "vitest";
import { PROFANITY_REPLACEMENT as X } from "@chatsphere/contract";
import { cleanProfanity, PROFANITY_OPTIONS, withFastScans } from "./profanity";

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

/** A small seeded generator, so a failing text can be found again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Texts of the kinds chat carries and the kinds evasion uses: dictionary words plain, in
 * leetspeak, masked, spaced out, stretched, inside other words, with homoglyphs and accents,
 * between ordinary words, digits and punctuation.
 */
function texts(count: number, seed: number): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const bad = [...englishBadWords, ...hindiBadWords];
  const plain = ["hello", "class", "assessment", "Scunthorpe", "photo", "graph", "meet", "tonight"];
  const leet: Record<string, string[]> = {
    a: ["4", "@", "^"],
    e: ["3", "€"],
    i: ["1", "!", "|"],
    o: ["0", "()"],
    s: ["5", "$"],
    t: ["7", "+"],
    b: ["8", "|3"],
    g: ["9"],
    h: ["#", "|-|"],
    u: ["|_|", "(_)"],
    f: ["ph"],
  };
  const disguise = (word: string) => {
    switch (Math.floor(next() * 8)) {
      case 0:
        return [...word].map((c) => (leet[c] && next() < 0.6 ? pick(leet[c]) : c)).join("");
      case 1:
        return word.length > 2
          ? word[0] + "*".repeat(Math.min(2, word.length - 2)) + word.slice(3)
          : word;
      case 2:
        return [...word].join(pick([" ", ".", "-", "_", "/"]));
      case 3:
        return word.replace(/[aeiou]/, (v) => v.repeat(3 + Math.floor(next() * 3)));
      case 4:
        return pick(["total", "sis", "my", ""]) + word + pick(["show", "head", "er", ""]);
      case 5:
        return word.replace(/a/g, "а").replace(/o/g, "ö").toUpperCase();
      case 6:
        return word.charAt(0).toUpperCase() + word.slice(1) + pick(["!", "?", "!!1", "..."]);
      default:
        return word;
    }
  };
  const filler = "abcdefghijklmnopqrstuvwxyz0123456789 !?.,@#$%*()|/\\-_'ph€é";
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const parts: string[] = [];
    const words = 1 + Math.floor(next() * 12);
    for (let w = 0; w < words; w++) {
      const r = next();
      if (r < 0.3) parts.push(disguise(pick(bad)));
      else if (r < 0.6) parts.push(pick(plain));
      else if (r < 0.8) parts.push(String(Math.floor(next() * 1e9)));
      else
        parts.push(
          Array.from({ length: 1 + Math.floor(next() * 8) }, () => pick([...filler])).join(""),
        );
    }
    out.push(parts.join(pick([" ", " ", ", ", "  ", ""])));
  }
  return out;
}

describe("the filter's fast scans", () => {
  const library = new AllProfanity(PROFANITY_OPTIONS);
  const fast = withFastScans(new AllProfanity(PROFANITY_OPTIONS));
  const corpus = [
    ...texts(4_000, 15),
    "anyone else watching the game tonight? we could meet at the usual place after work!",
    "1234567 anyone else watching the game tonight? ph0t0 at 5pm, let me know!",
    "",
    "|3 |_| (_) |-| |\\/| ()_ (_,) \\/\\/ }{ `/ 12 1< |< _| ¿ † © €",
    // A text of the realtime bench: digits lead it, and a run of zeros.
    "1000000000000 anyone else watching the game tonight? we could meet at the usual place after",
    "1000000000000 anyone else watching the game tonight? sh1t, we could meet at the usual fuuuck",
    "shit!!! 5h1t sh1iiit sisfuck 12 totalshitshow sissy fuck3r",
    // Words whose changed character comes late in them: a pass must scan from their start.
    "bitchhh",
    "you motherfuck3r",
    "what an assholeee",
    "motherfuckerrr!!",
  ];

  it("answer what allprofanity's own scans answer, text by text", () => {
    let flagged = 0;
    for (const text of corpus) {
      const expected = library.check(text);
      if (expected) flagged++;
      expect({ text, flagged: fast.check(text) }).toEqual({ text, flagged: expected });
      expect({ text, cleaned: fast.cleanWithPlaceholder(text, X) }).toEqual({
        text,
        cleaned: library.cleanWithPlaceholder(text, X),
      });
    }
    // The corpus exercises both answers, many times over.
    expect(flagged).toBeGreaterThan(corpus.length / 5);
    expect(corpus.length - flagged).toBeGreaterThan(corpus.length / 5);
  });

  type PositionMap = { normalized: string; starts: number[]; ends: number[] } | null;
  type Scans = {
    normalizeLeetSpeakWithMap(text: string): PositionMap;
    collapseRepeatsWithMap(text: string): PositionMap;
  };
  const positions = (map: PositionMap) => map && [map.normalized, map.starts, map.ends];

  it("normalise leetspeak and runs of repeats to the same text and positions as allprofanity", () => {
    let collapsed = 0;
    for (const text of corpus) {
      const lowered = text.toLowerCase();
      for (const pass of ["normalizeLeetSpeakWithMap", "collapseRepeatsWithMap"] as const) {
        const expected = (library as unknown as Scans)[pass](lowered);
        if (pass === "collapseRepeatsWithMap" && expected) collapsed++;
        expect(positions((fast as unknown as Scans)[pass](lowered))).toEqual(positions(expected));
      }
    }
    expect(collapsed).toBeGreaterThan(100);
  });

  it("find a word added later, longer than any before it, in every pass", () => {
    const word = "zqxwvlongerthananywordofthelistsbeforeitzqxwv";
    // Its leetspeak and its stretched letter come late in it, further from its start than the
    // longest word before it: the passes must scan from further back than they did.
    const texts = [
      `12 ${word} ok`,
      `12 ${word.replace("before", "bef0re")} ok`,
      `12 ${word.replace("before", "beeeefore")} ok`,
    ];
    const before = texts.map((text) => fast.check(text));
    library.add(word);
    fast.add(word);
    expect(before).toEqual([false, false, false]);
    for (const text of texts) expect(fast.check(text)).toBe(library.check(text));
    expect(texts.map((text) => fast.check(text))).toEqual([true, true, true]);
    library.remove(word);
    fast.remove(word);
  });
});
