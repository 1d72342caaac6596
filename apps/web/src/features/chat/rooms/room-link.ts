/*
 * Sharing a room (SPEC §6 "Room owner"): the link, and copying it where the Clipboard API
 * is missing. Browsers offer `navigator.clipboard` only on secure pages, so a LAN address
 * over plain http (decision 0014: the product works there) has none.
 */

/**
 * `{PUBLIC_URL or the page's origin}/chat/room/{id}`: the public address when the server
 * has one (the address people are given), else wherever this page was opened.
 */
export function roomShareUrl(
  roomId: string,
  base: { publicUrl: string | null | undefined; origin: string },
): string {
  const root = (base.publicUrl?.trim() || base.origin).replace(/\/+$/, "");
  return `${root}/chat/room/${encodeURIComponent(roomId)}`;
}

export interface CopyEnv {
  /** `navigator.clipboard`, absent on insecure pages. */
  clipboard?: { writeText(text: string): Promise<void> };
  /** The old way: a hidden textarea and `execCommand('copy')`; false when refused. */
  legacyCopy(text: string): boolean;
}

/**
 * Copies text, by the Clipboard API when there is one, else (or when it refuses: an
 * unfocused document, a denied permission) the old way. False: show the text to copy by hand.
 */
export async function copyText(text: string, env: CopyEnv = browserCopyEnv()): Promise<boolean> {
  if (env.clipboard) {
    try {
      await env.clipboard.writeText(text);
      return true;
    } catch {
      // Fall through to the old way.
    }
  }
  try {
    return env.legacyCopy(text);
  } catch {
    return false;
  }
}

function browserCopyEnv(): CopyEnv {
  // Typed as possibly missing: lib.dom declares it always present, which it is not on http.
  const clipboard: Clipboard | undefined = window.navigator.clipboard;
  return { clipboard, legacyCopy: copyWithHiddenTextarea };
}

function copyWithHiddenTextarea(text: string): boolean {
  const previous = document.activeElement;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.setAttribute("aria-hidden", "true");
  // Off-screen but rendered: a textarea that is display:none cannot be selected.
  area.style.position = "fixed";
  area.style.top = "-1000px";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } finally {
    area.remove();
    if (previous instanceof HTMLElement) previous.focus();
  }
}
