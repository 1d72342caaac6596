import { plainTextOf, truncateText } from "../../moderation/html";

export const SUMMARY_MAX_CHARS = 220;
export const DESCRIPTION_MAX_CHARS = 160;

/** What a card or a link preview says about a post: its excerpt, else its TLDR, else its start. */
export function summaryOf(
  post: { excerpt: string; tldr: string; body: string },
  max = SUMMARY_MAX_CHARS,
) {
  const text = post.excerpt || post.tldr || plainTextOf(post.body);
  return truncateText(text.replace(/\s+/g, " ").trim(), max);
}
