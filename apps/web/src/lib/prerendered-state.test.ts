import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRERENDERED_STATE_ID, restorePrerenderedState, stateScript } from "./prerendered-state";
import { SESSION_KEY } from "./session/session-query";

/** A page whose only content is the state script `stateScript` wrote, and a `<head>`. */
function fakePage(script: string) {
  const json = /<script[^>]*>(.*)<\/script>/.exec(script)?.[1] ?? "";
  const linked: string[] = [];
  vi.stubGlobal("document", {
    getElementById: (id: string) => (id === PRERENDERED_STATE_ID ? { textContent: json } : null),
    createElement: () => ({ rel: "", crossOrigin: null, href: "" }),
    head: { appendChild: (link: { rel: string; href: string }) => linked.push(link.href) },
  });
  return linked;
}

describe("restorePrerenderedState", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("links the page's own scripts and restores who is signed in", async () => {
    const modules = ["/assets/blogs-1.js", "/assets/list-2.js"];
    const linked = fakePage(stateScript({ signedOut: true, queries: null, modules }));
    const queryClient = new QueryClient();
    await restorePrerenderedState(queryClient);
    expect(linked).toEqual(modules);
    expect(queryClient.getQueryData(SESSION_KEY)).toBeNull();
  });

  it("keeps the state inside its script element, whatever the texts hold", () => {
    const script = stateScript({ signedOut: true, queries: null, modules: ["/assets/</script>"] });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
  });
});
