import { useEffect } from "react";
import type { PageMeta } from "@chatsphere/contract";

function setMetaContent(selector: string, content: string) {
  document.head.querySelector(selector)?.setAttribute("content", content);
}

/**
 * Keeps the document's title and description in step with client-side navigation; the
 * server fills the same tags in the HTML of a first load.
 */
export function usePageMeta(meta: Pick<PageMeta, "title" | "description"> | null) {
  useEffect(() => {
    if (!meta) return;
    document.title = meta.title;
    setMetaContent('meta[name="description"]', meta.description);
    setMetaContent('meta[property="og:title"]', meta.title);
    setMetaContent('meta[property="og:description"]', meta.description);
  }, [meta]);
}
