import { AllProfanity } from "allprofanity";
import { PROFANITY_REPLACEMENT } from "@chatsphere/contract";

/**
 * The profanity filter of room and direct messages (SPEC §5): English and Hindi (romanised),
 * with leetspeak and masked spellings ("sh1t", "f*ck"), each bad word replaced with an emoji.
 * The word lists and the matching are allprofanity's (decision 0020): a maintained library,
 * not a list of our own. Built once; matching is synchronous and allocation-light.
 */
const filter = new AllProfanity({ languages: ["english", "hindi"], silent: true });

/** The text with every bad word replaced; the same string when there is none. */
export function cleanProfanity(text: string): string {
  if (!filter.check(text)) return text;
  return filter.cleanWithPlaceholder(text, PROFANITY_REPLACEMENT);
}
