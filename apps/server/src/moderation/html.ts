import sanitizeHtml from "sanitize-html";

/**
 * The only HTML a blog body may keep: what the editor's toolbar produces (paragraphs, level-2
 * headings, bold, italic, lists, code blocks, line breaks). Everything else is dropped before
 * the body is stored: scripts and styles with their content, other tags keeping their text,
 * every attribute except a list's numeric `start` and a code block's `language-*` class.
 * With no links, images or styles allowed, no URL or CSS ever reaches a reader's page.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "h2", "strong", "em", "ul", "ol", "li", "pre", "code", "br"],
  allowedAttributes: { ol: ["start"], code: ["class"] },
  allowedClasses: { code: ["language-*"] },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "template", "iframe"],
  parseStyleAttributes: false,
  transformTags: {
    b: "strong",
    i: "em",
    h1: "h2",
    h3: "h2",
    ol: (tagName, attribs) => {
      const start = attribs.start;
      const kept: sanitizeHtml.Attributes = {};
      if (start && /^\d{1,6}$/.test(start) && start !== "1") kept.start = start;
      return { tagName, attribs: kept };
    },
    code: (tagName, attribs) => {
      const language = /^language-[a-z0-9+#-]{1,30}$/i.exec(attribs.class ?? "")?.[0];
      const kept: sanitizeHtml.Attributes = {};
      if (language) kept.class = language;
      return { tagName, attribs: kept };
    },
  },
};

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of stored (already sanitized) HTML, for descriptions and card summaries. */
export function plainTextOf(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h2|li|pre)>|<br\s*\/?>/gi, "$& "), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags,
  })
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` characters, cut at a word boundary with an ellipsis when shortened. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
