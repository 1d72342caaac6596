import { AllProfanity } from "allprofanity";
import { PROFANITY_REPLACEMENT } from "@chatsphere/contract";

/** What allprofanity 2.4.0 (pinned) keeps in its trie; read, never changed, by the scan below. */
interface TrieNode {
  children: Map<string, TrieNode>;
  isEndOfWord: boolean;
  word: string;
}

/** A normalised text with, per character, the [start, end) it came from in the input. */
interface PositionMap {
  normalized: string;
  starts: number[];
  ends: number[];
}

/** /\w/ (without the u flag) by character code: A-Z, a-z, 0-9 and _. */
const isWordChar = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95;

/** The library's leetspeak table, bucketed by first character, longest token first. */
type LeetBucket = [leet: string, normal: string][];

/** What the two methods below use of allprofanity 2.4.0 (pinned), and the two themselves. */
interface Internals {
  profanityTrie: TrieNode;
  detectPartialWords: boolean;
  leetTokensByFirstChar?: Map<string, LeetBucket>;
  isWholeWord(text: string, start: number, end: number): boolean;
  isWhitelistedMatch(word: string, matchedText: string): boolean;
  isWhitelistedContainingWord(text: string, start: number, end: number): boolean;
  hasWordBoundaries(text: string, start: number, end: number): boolean;
  hasMatchInPass(searchText: string, originalText: string, posMap?: PositionMap): boolean;
  normalizeLeetSpeakWithMap(text: string): PositionMap;
}

/**
 * allprofanity with its two hot loops made lighter (decision 0042): `check` runs on every room
 * and direct message, and in a profile of `check` on a 100-byte chat text these two were about
 * 60 % of its time (a result array per position of the trie scan; per character a map lookup,
 * a destructured iterator and three array pushes in the leetspeak pass, which any "!", digit or
 * "ph" starts). The word lists, the passes and every rule stay the library's; the two methods
 * are set on the instance (the library's are private) and answer exactly what the library's
 * do: profanity.test.ts compares them on many texts, so an upgrade that changes the library's
 * internals fails that test instead of filtering differently.
 */
export function withFastScans(filter: AllProfanity): AllProfanity {
  const self = filter as unknown as Internals;
  const libraryLeet = self.normalizeLeetSpeakWithMap.bind(filter);
  // The library's buckets, built by its first call; and an index of them by character code.
  libraryLeet("");
  const buckets = self.leetTokensByFirstChar;
  if (!buckets) throw new Error("profanity: allprofanity's leetspeak buckets are not there");
  const ascii = Array.from({ length: 128 }, (_, code) => buckets.get(String.fromCharCode(code)));

  /** As the library's: true at the first dictionary word that passes its boundary checks. */
  self.hasMatchInPass = (searchText, originalText, posMap) => {
    const partial = self.detectPartialWords;
    for (let i = 0; i < searchText.length; i++) {
      const start = posMap ? (posMap.starts[i] as number) : i;
      // A whole word cannot start right after a word character: the library walks the trie
      // from here and then refuses every match it finds (isWholeWord's first test).
      if (!partial && start !== 0 && isWordChar(originalText.charCodeAt(start - 1))) continue;
      let node: TrieNode | undefined = self.profanityTrie;
      for (let pos = i; pos < searchText.length;) {
        node = node.children.get(searchText.charAt(pos));
        if (!node) break;
        pos++;
        if (!node.isEndOfWord) continue;
        const end = posMap ? (posMap.ends[pos - 1] as number) : pos;
        if (!partial && !self.isWholeWord(originalText, start, end)) continue;
        if (self.isWhitelistedMatch(node.word, originalText.substring(start, end))) continue;
        if (self.isWhitelistedContainingWord(originalText, start, end)) continue;
        if (self.hasWordBoundaries(originalText, start, end)) return true;
      }
    }
    return false;
  };

  /** As the library's: the text with leetspeak undone, and where each character came from. */
  self.normalizeLeetSpeakWithMap = (text) => {
    const tokenAt = (i: number) => {
      const code = text.charCodeAt(i);
      const bucket = code < 128 ? ascii[code] : buckets.get(text.charAt(i));
      if (bucket === undefined) return undefined;
      for (const entry of bucket) {
        if (entry[0].length === 1 || text.startsWith(entry[0], i)) return entry;
      }
      return undefined;
    };
    let first = 0;
    while (first < text.length && tokenAt(first) === undefined) first++;
    if (first === text.length) return { normalized: text, starts: [], ends: [] };
    let normalized = "";
    const starts: number[] = [];
    const ends: number[] = [];
    for (let i = 0; i < text.length;) {
      const token = i < first ? undefined : tokenAt(i);
      const consumed = token ? token[0].length : 1;
      // A replacement of more than one code point adds a character per code point.
      for (const char of token ? token[1] : text.charAt(i)) {
        normalized += char;
        starts.push(i);
        ends.push(i + consumed);
      }
      i += consumed;
    }
    return { normalized, starts, ends };
  };
  return filter;
}

/**
 * The profanity filter of room and direct messages (SPEC §5): English and Hindi (romanised),
 * with leetspeak and masked spellings ("sh1t", "f*ck"), each bad word replaced with an emoji.
 * The word lists and the matching are allprofanity's (decision 0020): a maintained library,
 * not a list of our own. Built once; matching is synchronous and allocation-light.
 */
export const PROFANITY_OPTIONS = { languages: ["english", "hindi"], silent: true };
const filter = withFastScans(new AllProfanity(PROFANITY_OPTIONS));

/** The text with every bad word replaced; the same string when there is none. */
export function cleanProfanity(text: string): string {
  if (!filter.check(text)) return text;
  return filter.cleanWithPlaceholder(text, PROFANITY_REPLACEMENT);
}
