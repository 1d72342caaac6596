import { existsSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "@playwright/test";
import { PERMISSION, STORAGE_KEYS, TEXT, VALIDATION } from "@chatsphere/contract";
import { e2eDataDir, e2ePort } from "../playwright.config";
import { expect, nextClientIp, test } from "./fixtures";
import { adminCookie, guestViaApi, signUpViaApi } from "./sessions";
import { enterAsGuest } from "./stranger-helpers";

/*
 * The usual tricks, tried from a real browser against the built app (issue 10, item 9): each
 * test asserts the refusal and that nothing changed.
 */

/** Who the page is signed in as (null: nobody). */
const sessionUserId = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch("/api/auth/get-session");
    const body = (await response.json()) as { user?: { id: string } } | null;
    return body?.user?.id ?? null;
  });

/** A page of another origin on this machine: its own tiny server on a free port. */
async function foreignSite() {
  const server = createServer((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end("<!doctype html><title>Elsewhere</title><p>Another site</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const blogFiles = () => {
  const dir = path.join(e2eDataDir, "files", "blogs");
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

test.describe("hostile callers", () => {
  test("a page of another site cannot sign in as a guest here (403) and gets no session", async ({
    browser,
  }) => {
    // A plain visitor: the suite's X-Forwarded-For header would turn the call into a CORS
    // preflight, which never reaches the sign-in.
    const context = await browser.newContext();
    const page = await context.newPage();
    // Another site's page: served by a server of its own on this machine (no CSP of ours),
    // calling the app at 127.0.0.1.
    const elsewhere = await foreignSite();
    await page.goto(elsewhere.url);
    const target = `http://127.0.0.1:${e2ePort}/api/auth/sign-in/anonymous`;
    // The browser hides a cross-origin answer from the page (CORS); the network layer sees it.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const urls = new Map<string, string>();
    const statusOf = new Map<string, number>();
    cdp.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, e.request.url));
    // The extra-info event comes from the network service on its own channel, before or after
    // requestWillBeSent: the two are joined by request id when asked, not as they arrive.
    cdp.on("Network.responseReceivedExtraInfo", (e) => statusOf.set(e.requestId, e.statusCode));
    const statuses = () =>
      [...statusOf].filter(([id]) => urls.get(id) === target).map(([, status]) => status);
    const outcome = await page
      .evaluate(async (url) => {
        const response = await fetch(url, { method: "POST", credentials: "include", body: "{}" });
        return response.status;
      }, target)
      .catch((error: Error) => error.message);
    expect(outcome).toContain("Failed to fetch");
    await expect.poll(statuses).toEqual([403]);
    const cookies = await context.cookies(`http://127.0.0.1:${e2ePort}`);
    expect(cookies.filter((c) => c.name.includes("session_token"))).toEqual([]);
    await elsewhere.close();
    await context.close();
  });

  test("an admin's ban sends the banned user's open chat home at once", async ({
    page,
    baseURL,
  }) => {
    await signUpViaApi(page);
    await page.goto("/chat?tab=stranger-chat");
    await expect(page.getByTestId("online-count").first()).toBeVisible();
    const userId = await sessionUserId(page);
    const ban = await fetch(`${baseURL}/rpc/admin/banUser`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: baseURL ?? "",
        cookie: adminCookie(),
      },
      body: JSON.stringify({ json: { userId } }),
    });
    expect(ban.status).toBe(200);
    // The server closes the banned user's socket; the tab finds its session gone and goes home.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: TEXT.logIn })).toBeVisible();
    expect(await sessionUserId(page)).toBeNull();
  });

  test("a guest's blog image upload is refused (403) and nothing is stored", async ({ page }) => {
    await guestViaApi(page);
    await page.goto("/chat");
    const before = blogFiles();
    const status = await page.evaluate(async () => {
      const form = new FormData();
      form.append("data", JSON.stringify({ json: { image: {} }, meta: [], maps: [["image"]] }));
      form.append("0", new Blob([new Uint8Array(1024)], { type: "image/png" }), "x.png");
      const response = await fetch("/rpc/admin/uploadBlogImage", { method: "POST", body: form });
      return response.status;
    });
    expect(status).toBe(403);
    expect(blogFiles()).toEqual(before);
  });

  test("starting stranger chat after a flood of calls shows the slow-down text and keeps the name", async ({
    page,
  }) => {
    await enterAsGuest(page);
    await expect(page.getByTestId("online-count").first()).toBeVisible();
    // A script in the page loops the matching call until the server says 429. Its region is
    // no region at all (400 each time, counted all the same): a flood that really queued would
    // match whoever another spec has waiting.
    const statuses = await page.evaluate(async () => {
      const seen: number[] = [];
      for (let i = 0; i < 30 && !seen.includes(429); i++) {
        const response = await fetch("/rpc/room/findStranger", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ json: { continent: "Nowhere" } }),
        });
        seen.push(response.status);
        await fetch("/rpc/room/cancelStranger", { method: "POST", body: "{}" });
      }
      return seen;
    });
    expect(statuses).toContain(429);
    const name = page.getByLabel("Your name").filter({ visible: true });
    await name.fill("Flooder");
    await page.getByRole("button", { name: "Start" }).click();
    await expect(page.getByText(PERMISSION.rateLimited)).toBeVisible();
    await expect(name).toHaveValue("Flooder");
    await expect(page.getByText("Looking for a stranger...")).toHaveCount(0);
  });

  test("a user flooding a room sees the slow-down text, keeps the typed text, and a neighbour still talks", async ({
    page,
    context,
    browser,
  }) => {
    // Both people call from one address, as in a school or an office.
    const sharedAddress = nextClientIp();
    await context.setExtraHTTPHeaders({ "x-forwarded-for": sharedAddress });
    await signUpViaApi(page);
    await page.goto("/chat?tab=chat-rooms");
    await page.getByRole("button", { name: /Movies/ }).click();
    const box = page.getByRole("textbox", { name: "Message" });
    await expect(box).toBeEnabled();
    const roomId = new URL(page.url()).searchParams.get("roomId") ?? "";
    // A script in the page loops message.send until the server says 429.
    const statuses = await page.evaluate(async (room) => {
      const seen: number[] = [];
      for (let i = 0; i < 40 && !seen.includes(429); i++) {
        const response = await fetch("/rpc/message/send", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ json: { roomId: room, content: `flood ${i}` } }),
        });
        seen.push(response.status);
      }
      return seen;
    }, roomId);
    expect(statuses.at(-1)).toBe(429);
    await box.fill("a message I typed by hand");
    await box.press("Enter");
    await expect(page.getByText(PERMISSION.rateLimited)).toBeVisible();
    await expect(box).toHaveValue("a message I typed by hand");

    // Someone else behind the same address is not throttled by it.
    const neighbour = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": sharedAddress },
    });
    const other = await neighbour.newPage();
    await other.addInitScript(
      (keys) => keys.forEach((key) => window.localStorage.setItem(key, "true")),
      [STORAGE_KEYS.ageAccepted, STORAGE_KEYS.welcomeAccepted],
    );
    await signUpViaApi(other);
    await other.goto(`/chat/room/${roomId}`);
    const otherBox = other.getByRole("textbox", { name: "Message" });
    await expect(otherBox).toBeEnabled();
    // Unique: the room is a global one that other tests (and repeats) write in too.
    const hello = `hello from next door ${Date.now().toString(36)}`;
    await otherBox.fill(hello);
    await otherBox.press("Enter");
    await expect(page.getByText(hello)).toBeVisible();
    await neighbour.close();
  });

  test("a display name with control characters is refused by the profile form and kept", async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto("/profile");
    const name = page.getByLabel("Name", { exact: true });
    await name.fill("Ann\u0007");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText(VALIDATION.nameInvalidCharacters)).toBeVisible();
    await expect(name).toHaveValue("Ann\u0007");
  });
});
