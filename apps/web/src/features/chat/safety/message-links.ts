/*
 * Links in a chat message's text. Text is never HTML: a message splits into plain text and
 * the http(s) URLs in it, which the bubble renders as anchors built by React, or (a
 * stranger's, when the reader chose so on /profile) as 'Link to {host}' until tapped.
 */

export type TextPart = { kind: "text"; text: string } | { kind: "link"; url: string; host: string };

const URL_PATTERN = /https?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the URL ("see https://a.example."). */
const TRAILING = /[.,;:!?'"]+$/;

/** The host a link leads to, lowercased, without a port or credentials; null if not a web URL. */
export function hostOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  return parsed.hostname.toLowerCase() || null;
}

/** Drops what reads as the sentence's punctuation from the end of a matched URL. */
function trimUrl(candidate: string): string {
  let url = candidate.replace(TRAILING, "");
  // A closing bracket belongs to the URL only when the URL opened one: "(see https://a.b/x)".
  while (url.endsWith(")") && count(url, "(") < count(url, ")")) url = url.slice(0, -1);
  return url.replace(TRAILING, "");
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The message's text as plain parts and link parts, in order; joined they give the text back. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (chunk: string) => {
    if (!chunk) return;
    const previous = parts.at(-1);
    if (previous?.kind === "text") previous.text += chunk;
    else parts.push({ kind: "text", text: chunk });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    const host = hostOf(url);
    const start = match.index;
    push(text.slice(last, start));
    if (host) {
      parts.push({ kind: "link", url, host });
      push(text.slice(start + url.length, start + match[0].length));
    } else {
      push(match[0]);
    }
    last = start + match[0].length;
  }
  push(text.slice(last));
  return parts;
}
