/*
 * Set-up of the web-ui project (component tests in happy-dom), run before each test file.
 */
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, expect, vi } from "vitest";
import { server } from "./fake-server";

/**
 * The realtime socket (lib/realtime) never opens here: happy-dom's WebSocket would try to reach
 * a server on localhost. Channels stay "connecting", which is what a screen shows until the
 * server confirms them; tests of a ready channel render the component with `ready` instead.
 */
class SilentWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = SilentWebSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
  }
  send() {}
  close() {
    this.readyState = SilentWebSocket.CLOSED;
  }
}

// Every request of the app (RPC, better-auth, the session) is answered by the fake server.
// Installed before the test file's imports, for good: better-auth's client keeps the `fetch`
// it found when lib/auth-client.ts was loaded.
vi.stubGlobal("fetch", server.fetch);
vi.stubGlobal("WebSocket", SilentWebSocket);

// findBy* and waitFor give up after 1 s by default; on a busy CI machine an answer can take
// longer to render. A screen that never shows the text still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  // Unmount first: no answer arriving later may touch the next test's screen. sonner keeps
  // its toasts in a module and shows those still open to the next Toaster: dismiss them.
  cleanup();
  toast.dismiss();
  const problems = [...server.problems];
  server.reset();
  localStorage.clear();
  expect(problems, "the fake server's complaints").toEqual([]);
});
