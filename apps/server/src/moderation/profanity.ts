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
  /**
   * Set by the two passes below (not by the library's): the indexes, ascending, of the
   * characters the pass changed (a leetspeak token undone, a run of repeats collapsed). Every
   * other character is its input's character, one for one, so a match that covers none of
   * them is a match the pass before (the text this pass normalised) has already judged.
   */
  changedAt?: number[];
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
  collapseRepeatsWithMap(text: string): PositionMap | null;
  findEmbeddedMatches(searchText: string, originalText: string): EmbeddedMatch[];
  addWordToTrie(word: string): void;
}

interface EmbeddedMatch {
  word: string;
  start: number;
  end: number;
  originalWord: string;
}

/**
 * The stems the library's findEmbeddedMatches looks for (its own list, not exported): it asks
 * the trie about each of them, even for an empty text, and the asking is what is recorded.
 */
function stemsOf(self: Internals, findEmbedded: Internals["findEmbeddedMatches"]): string[] {
  const root = self.profanityTrie as TrieNode & { findMatches?: unknown };
  const stems: string[] = [];
  root.findMatches = (text: string) => {
    stems.push(text);
    return [];
  };
  try {
    findEmbedded("", "");
  } finally {
    delete root.findMatches; // the prototype's again
  }
  if (stems.length === 0) throw new Error("profanity: allprofanity's embedded stems are not there");
  return stems;
}

/** The longest word in the trie: a scan from a position cannot match further than this. */
function depthOf(node: TrieNode): number {
  let deepest = 0;
  for (const child of node.children.values()) deepest = Math.max(deepest, 1 + depthOf(child));
  return deepest;
}

/** Whether `word` is itself a word of the trie (the library asks this of findMatches' array). */
function isTrieWord(root: TrieNode, word: string): boolean {
  let node: TrieNode | undefined = root;
  for (let i = 0; i < word.length && node; i++) node = node.children.get(word.charAt(i));
  return node?.isEndOfWord === true;
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

  // The trie's depth, measured again at the first scan after words were added (the library
  // adds each word through addWordToTrie).
  let depth = depthOf(self.profanityTrie);
  let wordsAdded = false;
  const addWordToTrie = self.addWordToTrie.bind(filter);
  self.addWordToTrie = (word) => {
    addWordToTrie(word);
    wordsAdded = true;
  };

  /**
   * As the library's: true at the first dictionary word that passes its boundary checks. In a
   * pass that says which characters it changed (changedAt), a match that covers none of them
   * was judged in the pass before with the same word and the same input positions, and is not
   * judged again; a start from which no changed character is within the trie's depth is not
   * scanned at all (a chat text whose only digits lead it is scanned once, not three times).
   */
  self.hasMatchInPass = (searchText, originalText, posMap) => {
    const partial = self.detectPartialWords;
    const changedAt = posMap?.changedAt;
    if (changedAt && wordsAdded) {
      depth = depthOf(self.profanityTrie);
      wordsAdded = false;
    }
    let next = 0; // changedAt[next]: the first changed character at or after i
    for (let i = 0; i < searchText.length; i++) {
      let firstNew = i; // a match must end after this index to be new in this pass
      if (changedAt) {
        while (next < changedAt.length && (changedAt[next] as number) < i) next++;
        if (next === changedAt.length) return false;
        firstNew = changedAt[next] as number;
        if (firstNew - i >= depth) {
          i = firstNew - depth; // the loop's i++ makes it the first start within reach
          continue;
        }
      }
      const start = posMap ? (posMap.starts[i] as number) : i;
      // A whole word cannot start right after a word character: the library walks the trie
      // from here and then refuses every match it finds (isWholeWord's first test).
      if (!partial && start !== 0 && isWordChar(originalText.charCodeAt(start - 1))) continue;
      let node: TrieNode | undefined = self.profanityTrie;
      for (let pos = i; pos < searchText.length;) {
        node = node.children.get(searchText.charAt(pos));
        if (!node) break;
        pos++;
        if (!node.isEndOfWord || pos <= firstNew) continue;
        const end = posMap ? (posMap.ends[pos - 1] as number) : pos;
        if (!partial && !self.isWholeWord(originalText, start, end)) continue;
        if (self.isWhitelistedMatch(node.word, originalText.substring(start, end))) continue;
        if (self.isWhitelistedContainingWord(originalText, start, end)) continue;
        if (self.hasWordBoundaries(originalText, start, end)) return true;
      }
    }
    return false;
  };

  /**
   * As the library's: the text with leetspeak undone, and where each character came from;
   * and which characters a token gave (changedAt).
   */
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
    const changedAt: number[] = [];
    for (let i = 0; i < text.length;) {
      const token = i < first ? undefined : tokenAt(i);
      if (!token) {
        normalized += text.charAt(i);
        starts.push(i);
        ends.push(i + 1);
        i++;
        continue;
      }
      const consumed = token[0].length;
      // A replacement of more than one code point adds a character per code point.
      for (const char of token[1]) {
        changedAt.push(normalized.length);
        normalized += char;
        starts.push(i);
        ends.push(i + consumed);
      }
      i += consumed;
    }
    return { normalized, starts, ends, changedAt };
  };

  /**
   * As the library's: runs of three or more of a character collapse to one ("fuuuck"), any
   * run once the text has such a run; null when it has none. And which characters stand for
   * a run of more than one (changedAt).
   */
  self.collapseRepeatsWithMap = (text) => {
    let triggered = false;
    for (let j = 2; j < text.length && !triggered; j++) {
      const code = text.charCodeAt(j);
      triggered = code === text.charCodeAt(j - 1) && code === text.charCodeAt(j - 2);
    }
    if (!triggered) return null;
    let normalized = "";
    const starts: number[] = [];
    const ends: number[] = [];
    const changedAt: number[] = [];
    for (let i = 0; i < text.length;) {
      const code = text.charCodeAt(i);
      let runEnd = i + 1;
      while (runEnd < text.length && text.charCodeAt(runEnd) === code) runEnd++;
      if (runEnd - i > 1) changedAt.push(normalized.length);
      normalized += text.charAt(i);
      starts.push(i);
      ends.push(runEnd);
      i = runEnd;
    }
    return { normalized, starts, ends, changedAt };
  };

  /**
   * As the library's: the tokens that hold one of its strong stems inside them ("sisfuck").
   * The library asks the trie whether each stem is still a word through findMatches, an
   * array of results per stem on every call; here a walk that allocates nothing.
   */
  const findEmbeddedMatches = self.findEmbeddedMatches.bind(filter);
  const strongStems = stemsOf(self, findEmbeddedMatches);
  self.findEmbeddedMatches = (searchText, originalText) => {
    for (const stem of strongStems) {
      if (searchText.includes(stem) && isTrieWord(self.profanityTrie, stem)) {
        return findEmbeddedMatches(searchText, originalText);
      }
    }
    return [];
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
