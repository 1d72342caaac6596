import type { ConsoleMessage, Page } from "@playwright/test";
import { CONTENT_TEXT, nameFromEmail, TEXT } from "@chatsphere/contract";
import { expect, test, uniqueEmail } from "./fixtures";
import { adminRpc, signUpViaApi } from "./sessions";

/*
 * The public pages are painted from the server's HTML (decision 0030): readable with JavaScript
 * off, and taken over by React in place, without re-creating what is on screen, when it is on.
 */

interface Article {
  title: string;
  slug: string;
  paragraph: string;
}

let article: Article;

/** Publishes an article of several paragraphs as the e2e admin, through the API. */
async function publishArticle(): Promise<Article> {
  const stamp = `${Date.now().toString(36)}${process.pid % 1000}`;
  const category = await adminRpc<{ id: string }>("admin/createCategory", {
    name: `Prerendered ${stamp}`,
  });
  const tag = await adminRpc<{ id: string }>("admin/createTag", {
    name: `prerendered-${stamp}`,
  });
  const title = `Painted from the HTML ${stamp}`;
  const slug = `painted-from-the-html-${stamp}`;
  const paragraph = `A reader sees this paragraph before any script has run (${stamp}).`;
  await adminRpc("admin/createBlog", {
    title,
    slug,
    body: `<p>${paragraph}</p><p>A second paragraph.</p><p>And a third one.</p>`,
    tldr: "",
    excerpt: "",
    imageUrl: "",
    categoryId: category.id,
    tags: [{ id: tag.id }],
  });
  return { title, slug, paragraph };
}

test.beforeAll(async () => {
  article = await publishArticle();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page, the blog and an article show their content", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Talk to the world, one chat at a time",
    );
    await expect(
      page.getByRole("heading", { name: "Everything you need to connect" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: TEXT.logIn }).first()).toBeVisible();

    await page.goto("/blogs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CONTENT_TEXT.blogHeading);
    await expect(page.getByRole("heading", { name: article.title })).toBeVisible();

    await page.goto(`/blogs/${article.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(page.getByText(article.paragraph)).toBeVisible();

    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

/**
 * Marks the elements of `#root` as the HTML made them: when parsing ends, before any of the
 * page's scripts runs. An element React creates later has no mark.
 */
async function markParsedNodes(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      document.querySelectorAll("#root *").forEach((element) => {
        element.setAttribute("data-from-html", "true");
      });
    });
  });
}

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    const text = message.text();
    // The missing article's own 404 (document and RPC) is the expected answer.
    if (message.type() === "error" && !text.includes("404 (Not Found)")) problems.push(text);
    if (message.type() === "warning" && /hydrat/i.test(text)) problems.push(text);
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/**
 * The app's code arrives late (a slow phone, a slow network): the painted Guest Login of the
 * home page is pressed before React has taken over the page.
 */
async function pressGuestLoginBeforeTheApp(page: Page) {
  // The small theme script runs before the first paint; the app's modules (the entry and the
  // route's chunks, all fetched at once) come 1.5 s later.
  await page.route(/\/assets\/(?!theme-init-).*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  await page.getByRole("button", { name: TEXT.guestLogin }).first().click();
}

test.describe("with JavaScript on", () => {
  test("React takes over the HTML in place: same nodes, no errors, no hydration warnings", async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await markParsedNodes(page);
    for (const [path, heading] of [
      ["/", "Talk to the world, one chat at a time"],
      ["/blogs", CONTENT_TEXT.blogHeading],
      [`/blogs/${article.slug}`, article.title],
      ["/about", null],
      ["/blogs/no-such-post", CONTENT_TEXT.blogNotFound],
    ] as const) {
      await page.goto(path);
      const h1 = page.getByRole("heading", { level: 1 });
      if (heading) await expect(h1).toHaveText(heading);
      // The app is running: its theme toggle answers (a click before it starts does nothing).
      const html = page.locator("html");
      await expect(async () => {
        if (!/\bdark\b/.test((await html.getAttribute("class")) ?? "")) {
          await page.getByRole("button", { name: "Switch to dark theme" }).click({ timeout: 1000 });
        }
        await expect(html).toHaveClass(/\bdark\b/, { timeout: 1000 });
      }).toPass();
      await page.getByRole("button", { name: "Switch to light theme" }).click();
      await expect(html).not.toHaveClass(/\bdark\b/);
      // The heading on screen is still the one the HTML carried: hydrated, not drawn again.
      await expect(h1).toHaveAttribute("data-from-html", "true");
    }
    // A click on a link is a client-side navigation once the app runs.
    await page.goto("/");
    await page.getByRole("link", { name: TEXT.exploreBlog }).click();
    await expect(page.getByRole("heading", { name: article.title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveAttribute("data-from-html");
    expect(problems).toEqual([]);
  });

  test("the page's HTML names every script it loads, each linked once", async ({ page }) => {
    for (const path of ["/", "/blogs", `/blogs/${article.slug}`, "/about"]) {
      const scripts: string[] = [];
      const listen = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      };
      page.on("request", listen);
      const html = (await (await page.goto(path))?.text()) ?? "";
      // The entry and its chunks as tags; the page's own in its state (PRERENDERED_STATE_ID).
      const tagged = [
        ...html.matchAll(
          /<script[^>]* src="([^"]+)"|<link rel="modulepreload"[^>]* href="([^"]+)"/g,
        ),
      ].map((match) => match[1] ?? match[2] ?? "");
      const state = /<script type="application\/json" id="prerendered-state">(.*?)<\/script>/.exec(
        html,
      )?.[1];
      const { modules } = JSON.parse(state ?? "{}") as { modules?: string[] };
      const named = [...tagged, ...(modules ?? [])].map((src) => new URL(src, page.url()).pathname);
      // Taken over: the theme toggle answers.
      await page.getByRole("button", { name: "Switch to dark theme" }).click();
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await page.getByRole("button", { name: "Switch to light theme" }).click();
      await page.waitForLoadState("networkidle");
      page.off("request", listen);
      // The route's own code is among them (more than the entry's fixed list).
      expect(scripts.length, path).toBeGreaterThan(10);
      expect(
        scripts.filter((script) => !named.includes(script)),
        `${path}: scripts fetched without being named in the HTML`,
      ).toEqual([]);
      // Linked by the page before its route loaded: Vite's preload helper added none again.
      const links = await page.evaluate(() =>
        Array.from(document.querySelectorAll("link[rel=modulepreload]"), (link) =>
          link.getAttribute("href"),
        ),
      );
      expect(links.length, path).toBe(new Set(links).size);
    }
  });

  test("the build's manifest and the server's bundle are not served", async ({ request }) => {
    expect((await request.get("/.vite/manifest.json")).status()).toBe(404);
    expect((await request.get("/ssr/entry-server.js")).status()).toBe(404);
  });

  test("a button pressed before the app took over the page still does its work", async ({
    page,
  }) => {
    await pressGuestLoginBeforeTheApp(page);
    await page.waitForURL(/\/chat\?tab=stranger-chat/, { timeout: 20_000 });
  });

  test.describe("on a first visit", () => {
    test.use({ ageAccepted: false });

    test("a button pressed before the app took over waits for the age question", async ({
      page,
    }) => {
      const guestSignIns: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/auth/sign-in/anonymous")) guestSignIns.push(request.url());
      });
      await pressGuestLoginBeforeTheApp(page);
      // The age question comes first; what was pressed before it was asked does nothing.
      await expect(page.getByRole("dialog", { name: /18 or older/ })).toBeVisible({
        timeout: 20_000,
      });
      // The kept press is handed on (or not) as the app takes over, before the question shows.
      // Handed on, it would load the sign-in code, then sign a guest in: once the network is
      // quiet, that request would have gone out.
      await page.waitForLoadState("networkidle");
      expect(guestSignIns).toEqual([]);
      expect(new URL(page.url()).pathname).toBe("/");
    });
  });

  test("a signed-in visitor sees their own header once the app starts", async ({ page }) => {
    const problems = collectProblems(page);
    const email = uniqueEmail("prerendered");
    await signUpViaApi(page, email);
    await page.goto(`/blogs/${article.slug}`);
    await expect(page.getByText(article.paragraph)).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByText(nameFromEmail(email))).toBeVisible();
    await expect(header.getByRole("link", { name: TEXT.logIn })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
