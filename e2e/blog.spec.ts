import path from "node:path";
import { CONTENT_TEXT, CONTENT_TOAST, TEXT, VALIDATION } from "@chatsphere/contract";
import { publishViaApi, uniqueName } from "./blog-helpers";
import { expect, test } from "./fixtures";
import { adminRpc, guestViaApi, signUpViaApi } from "./sessions";

const COVER = path.join(import.meta.dirname, "assets", "cover.png");

test.describe("blog: write, read, comment, moderate", () => {
  // `page` is the shared e2e admin's (e2e/admin.setup.ts); readers have contexts of their own.
  test.use({ asAdmin: true });

  test("the admin publishes a post with an image; readers see it; a comment goes public after approval", async ({
    page,
    browser,
    baseURL,
  }) => {
    const category = uniqueName("Guides");
    const tag = uniqueName("tips");
    const title = uniqueName("Meeting people online");
    await adminRpc("admin/createCategory", { name: category });
    await adminRpc("admin/createTag", { name: tag });

    await page.goto("/admin/dashboard/blogs");
    await page.getByRole("link", { name: TEXT.newBlog }).click();
    await expect(page.getByRole("heading", { name: CONTENT_TEXT.newBlogTitle })).toBeVisible();
    await page.getByLabel("Title").fill(title);
    const slug = page.getByLabel("Slug", { exact: true });
    const expectedSlug = title.toLowerCase().replace(/\s+/g, "-");
    await expect(slug).toHaveValue(expectedSlug);
    await expect(slug).toBeDisabled();
    await page.getByLabel("Category").click();
    await page.getByRole("option", { name: category }).click();
    await page.getByLabel("Tags", { exact: true }).click();
    await page.getByPlaceholder(CONTENT_TEXT.searchTags).fill(tag);
    await page.getByRole("option", { name: tag }).click();
    await page.keyboard.press("Escape");
    const body = page.getByRole("textbox", { name: "Body" });
    await body.click();
    await page.getByRole("button", { name: "Heading" }).click();
    await page.keyboard.type("First steps");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Say hello and ");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("be yourself");
    await page.getByLabel(CONTENT_TEXT.tldrLabel).fill("Be kind, be curious.");
    await page.getByLabel(CONTENT_TEXT.excerptLabel).fill("A short guide to good first messages.");
    await page.getByLabel(CONTENT_TEXT.uploadImage).setInputFiles(COVER);
    await page.getByRole("button", { name: CONTENT_TEXT.createBlog }).click();
    await expect(page.getByText(CONTENT_TOAST.blogCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard\/blogs$/);

    // A visitor finds it on the public list and opens it.
    const visitor = await browser.newPage();
    await visitor.goto("/blogs");
    const card = visitor.getByRole("article").filter({ hasText: title });
    await expect(card).toContainText(category);
    await expect(card).toContainText("A short guide to good first messages.");
    await expect(card.getByRole("button", { name: /Delete blog/ })).toHaveCount(0);
    await card.getByRole("link").click();
    await expect(visitor).toHaveURL(new RegExp(`/blogs/${expectedSlug}$`));
    await expect(visitor).toHaveTitle(new RegExp(`^${title}`));
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByRole("heading", { level: 2, name: "First steps" })).toBeVisible();
    await expect(visitor.locator(".prose-blog strong")).toHaveText("be yourself");
    await expect(visitor.getByText("Be kind, be curious.")).toBeVisible();
    await expect(visitor.getByText(`#${tag}`)).toBeVisible();
    const image = visitor.locator("article img").first();
    await expect(image).toHaveAttribute("src", /^\/files\/blogs\/\d+\.png$/);
    // It loads from its WebP widths (480 made at upload; wider ones than the 640 px upload are
    // answered with the original): the browser picks one for the column's 720 px.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/files\/blogs\/\d+\.png\.800w\.webp$/,
    );
    await expect(image).toHaveAttribute(
      "srcset",
      /^\/files\/blogs\/\d+\.png\.480w\.webp 480w, .+ 1600w$/,
    );
    const src = (await image.getAttribute("src")) ?? "";
    const variant = await visitor.request.get(`${src}.480w.webp`);
    expect(variant.headers()["content-type"]).toBe("image/webp");
    expect(variant.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    await expect(visitor.getByText(CONTENT_TEXT.commentLogIn)).toBeVisible();
    await visitor.getByRole("link", { name: CONTENT_TEXT.backToBlogs }).click();
    await expect(visitor).toHaveURL(/\/blogs$/);

    // Link previews get the article's meta from the server, without JavaScript.
    const html = await (await visitor.request.get(`/blogs/${expectedSlug}`)).text();
    expect(html).toContain(`<meta property="og:type" content="article" />`);
    expect(html).toMatch(
      /<meta property="og:image" content="http[^"]+\/files\/blogs\/\d+\.png" \/>/,
    );
    await visitor.close();

    // A registered reader comments; the comment waits for approval.
    const readerContext = await browser.newContext({ baseURL });
    const reader = await readerContext.newPage();
    await signUpViaApi(reader);
    await reader.goto(`/blogs/${expectedSlug}`);
    const text = `Great read ${uniqueName("c")}`;
    await reader.getByRole("button", { name: CONTENT_TEXT.postComment }).click();
    await expect(reader.getByText(VALIDATION.commentEmpty)).toBeVisible();
    await reader.getByLabel(CONTENT_TEXT.commentLabel).fill(text);
    await reader.getByRole("button", { name: CONTENT_TEXT.postComment }).click();
    await expect(reader.getByText(CONTENT_TOAST.commentAdded)).toBeVisible();
    await expect(reader.getByLabel(CONTENT_TEXT.commentLabel)).toHaveValue("");
    await reader.reload();
    await expect(reader.getByText(text)).toHaveCount(0);

    // The admin approves it; then everyone sees it.
    await page.goto("/admin/dashboard/comments");
    await expect(page.getByRole("heading", { name: CONTENT_TEXT.pendingComments })).toBeVisible();
    const pending = page.getByRole("listitem").filter({ hasText: text });
    await expect(pending).toContainText(title);
    await pending.getByRole("button", { name: CONTENT_TEXT.approve }).click();
    await expect(page.getByText(CONTENT_TOAST.commentApproved)).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);

    await reader.reload();
    await expect(reader.getByText(text)).toBeVisible();
    await readerContext.close();
  });

  test("an admin deletes a post from its card after confirming", async ({ page }) => {
    const post = await publishViaApi();
    await page.goto("/blogs");
    const card = page.getByRole("article").filter({ hasText: post.title });
    await card.getByRole("button", { name: `${CONTENT_TEXT.deleteBlog}: ${post.title}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(CONTENT_TEXT.deleteBlogTitle);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: `${CONTENT_TEXT.deleteBlog}: ${post.title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(CONTENT_TOAST.blogDeleted)).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.goto(`/blogs/${post.slug}`);
    await expect(page.getByRole("heading", { name: CONTENT_TEXT.blogNotFound })).toBeVisible();
  });
});

test.describe("blog: safety", () => {
  test("a post carrying XSS payloads fires no dialog and runs no script", async ({ browser }) => {
    const payloads = [
      `<script>window.__xss = "script"; alert(1)</script>`,
      `<img src=x onerror="window.__xss='img'; alert(2)">`,
      `<svg onload="window.__xss='svg'; alert(3)"></svg>`,
      `<p onmouseover="window.__xss='hover'">hover me</p>`,
      `<iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe>`,
      `<a href="javascript:window.__xss='link'">click me</a>`,
      `<details open ontoggle="window.__xss='toggle'">x</details>`,
      `<p>Safe <strong>text</strong> stays.</p>`,
    ];
    const post = await publishViaApi({ body: payloads.join("\n") });

    const reader = await browser.newPage();
    const dialogs: string[] = [];
    reader.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await reader.goto(`/blogs/${post.slug}`);
    const body = reader.locator(".prose-blog");
    await expect(body).toContainText("Safe text stays.");
    await body.getByText("hover me").hover();
    await body.getByText("click me").click();
    // No element that could carry a payload is on the page, so none can still fire later;
    // and none fired before: no dialog, no trace of a script.
    await expect(body.locator("script, img, svg, iframe, a, details, [onmouseover]")).toHaveCount(
      0,
    );
    expect(dialogs).toEqual([]);
    expect(await reader.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    await reader.close();
  });
});

test.describe("blog: states", () => {
  test("an unknown slug says 'Blog not found' with a way back", async ({ page }) => {
    const response = await page.goto("/blogs/there-is-no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/Blog not found/);
    await expect(page.getByRole("heading", { name: CONTENT_TEXT.blogNotFound })).toBeVisible();
    await page.getByRole("link", { name: CONTENT_TEXT.backToBlogs }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test("guests are invited to link their account instead of commenting", async ({ page }) => {
    const post = await publishViaApi();
    await guestViaApi(page);
    await page.goto(`/blogs/${post.slug}`);
    await expect(page.getByText(CONTENT_TEXT.commentGuest)).toBeVisible();
    await expect(page.getByRole("button", { name: CONTENT_TEXT.postComment })).toHaveCount(0);
  });
});
