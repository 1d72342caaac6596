import groups from "unicode-emoji-json/data-by-group.json";

export interface EmojiGroup {
  name: string;
  emojis: { char: string; name: string }[];
}

/** Newer emoji than the common system fonts draw (Noto Color Emoji 2.042: Emoji 15.0). */
const MAX_EMOJI_VERSION = 15.0;

/**
 * The picker's data, shipped in the app bundle (a lazily loaded chunk): nothing is fetched
 * from a CDN, which the content security policy would refuse anyway.
 */
export const EMOJI_GROUPS: EmojiGroup[] = groups.map((group) => ({
  name: group.name,
  emojis: group.emojis
    .filter((e) => Number(e.emoji_version) <= MAX_EMOJI_VERSION)
    .map((e) => ({ char: e.emoji, name: e.name })),
}));
