import { writeFileSync } from "node:fs";
import { CONTENT_ERROR, CONTENT_TEXT, CONTENT_TOAST, VALIDATION } from "@chatsphere/contract";
import { createCategory, createTag, uniqueName } from "./blog-helpers";
import { adminCookies, expect, test } from "./fixtures";
import { isolatedPort, startIsolatedServer } from "./isolated-server";
import { newVisitor } from "./room-helpers";
import { adminRpc, signUpViaApi } from "./sessions";

test.describe("admin content pages", () => {
  // As the shared e2e admin (e2e/admin.setup.ts).
  test.use({ asAdmin: true });

  test("tags and categories refuse empty and duplicate names with clear messages", async ({
    page,
  }) => {
    const name = uniqueName("Travel");
    await createTag(page, name);
    await page.getByRole("button", { name: CONTENT_TEXT.create }).click();
    await expect(page.getByText(VALIDATION.nameRequired)).toBeVisible();
    await page.getByPlaceholder(CONTENT_TEXT.tagPlaceholder).fill(name.toUpperCase());
    await page.getByRole("button", { name: CONTENT_TEXT.create }).click();
    await expect(page.getByRole("alert").getByText(CONTENT_ERROR.duplicateTag)).toBeVisible();

    await createCategory(page, name);
    await page.getByPlaceholder(CONTENT_TEXT.categoryPlaceholder).fill(name);
    await page.getByRole("button", { name: CONTENT_TEXT.create }).click();
    await expect(page.getByRole("alert").getByText(CONTENT_ERROR.duplicateCategory)).toBeVisible();
  });

  test("the new-blog form validates, locks the slug to the title and stops on a failed upload", async ({
    page,
  }, testInfo) => {
    const category = uniqueName("Cat");
    const tag = uniqueName("tag");
    await adminRpc("admin/createCategory", { name: category });
    await adminRpc("admin/createTag", { name: tag });
    await page.goto("/admin/dashboard/blogs/new");
    await page.getByRole("button", { name: CONTENT_TEXT.createBlog }).click();
    await expect(page.getByText(VALIDATION.tagRequired)).toBeVisible();
    await expect(page.getByText("Title is required")).toBeVisible();

    const title = page.getByLabel("Title");
    const slug = page.getByLabel("Slug", { exact: true });
    const lock = page.getByRole("button", { name: CONTENT_TEXT.lockSlug });
    await title.fill("Hello_World  Again!");
    await expect(slug).toHaveValue("hello-world-again");
    await lock.click();
    await expect(lock).toHaveAttribute("aria-pressed", "false");
    await slug.fill("Not Kebab");
    await expect(page.getByText(VALIDATION.slugKebab)).toBeVisible();
    await slug.fill(uniqueName("my-slug").replace(/\s+/g, "-").toLowerCase());
    await title.fill("Changed title");
    await expect(slug).not.toHaveValue("changed-title");
    await lock.click();
    await expect(slug).toHaveValue("changed-title");
    await expect(slug).toBeDisabled();

    await page.getByLabel("Category").click();
    await page.getByRole("option", { name: category }).click();
    await page.getByLabel("Tags", { exact: true }).click();
    await page.getByPlaceholder(CONTENT_TEXT.searchTags).fill("no tag is called this");
    await expect(page.getByText(CONTENT_TEXT.noTagsAvailable)).toBeVisible();
    await page.getByPlaceholder(CONTENT_TEXT.searchTags).fill(tag);
    const option = page.getByRole("option", { name: tag });
    await option.click();
    await expect(option).toHaveAttribute("aria-selected", "true");
    await option.click();
    await expect(option).toHaveAttribute("aria-selected", "false");
    await option.click();
    await page.keyboard.press("Escape");
    await page.getByRole("textbox", { name: "Body" }).fill("Some body text");

    // Named like a PNG, but the bytes are a script: the server refuses it and nothing is created.
    const fake = testInfo.outputPath("fake.png");
    writeFileSync(fake, "<script>alert(1)</script>");
    await page.getByLabel(CONTENT_TEXT.uploadImage).setInputFiles(fake);
    await page.getByRole("button", { name: CONTENT_TEXT.createBlog }).click();
    await expect(
      page.getByText(CONTENT_TOAST.imageUploadFailed(CONTENT_ERROR.imageTypeUnsupported)),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/blogs\/new$/);
  });

  test("the side navigation leads to every content page, and the breadcrumb follows", async ({
    page,
  }) => {
    await page.goto("/admin/dashboard/blogs");
    const nav = page.getByRole("navigation", { name: "Admin" });
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs).toHaveText(/Dashboard\s*Blogs/);
    for (const [label, heading] of [
      ["Categories", CONTENT_TEXT.createCategory],
      ["Tags", CONTENT_TEXT.createTag],
      ["Feedbacks", CONTENT_TEXT.feedbacks],
      ["Comments", CONTENT_TEXT.pendingComments],
    ] as const) {
      await nav.getByRole("link", { name: label }).click();
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      await expect(crumbs).toHaveText(new RegExp(`Dashboard\\s*${label}`));
    }
    await page.goto("/admin/profile");
    await expect(nav).toBeVisible();
    await expect(crumbs).toHaveText(/Dashboard\s*Profile/);
  });

  test("on a phone the admin navigation opens in a sheet", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/dashboard/blogs");
    await page.getByRole("button", { name: "Admin menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Tags" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/tags$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("feedback", () => {
  test("a user sends feedback, sees it in their list, and the admin reads it", async ({
    page,
    browser,
  }) => {
    const email = await signUpViaApi(page);
    await page.goto("/feedback");
    await page.getByRole("button", { name: CONTENT_TEXT.sendFeedback }).click();
    await expect(page.getByText(VALIDATION.feedbackEmpty)).toBeVisible();
    const message = `Please add voice rooms ${uniqueName("f")}`;
    await page.getByLabel(CONTENT_TEXT.feedbackLabel).fill(message);
    await page.getByRole("button", { name: CONTENT_TEXT.sendFeedback }).click();
    await expect(page.getByText(CONTENT_TOAST.feedbackSubmitted)).toBeVisible();
    await expect(page.getByLabel(CONTENT_TEXT.feedbackLabel)).toHaveValue("");
    await expect(page.getByRole("listitem").filter({ hasText: message })).toBeVisible();

    const admin = await newVisitor(browser);
    await admin.context().addCookies(adminCookies());
    await admin.goto("/admin/dashboard/feedbacks");
    const item = admin.getByRole("listitem").filter({ hasText: message });
    await expect(item).toContainText(email.split("@")[0] ?? "");
    await admin.context().close();
  });
});

test.describe("first start", () => {
  test("an empty blog says 'No blog posts yet'", async ({ page }) => {
    const fresh = await startIsolatedServer(isolatedPort(test.info().workerIndex));
    try {
      await page.goto(`${fresh.baseURL}/blogs`);
      await expect(page.getByText(CONTENT_TEXT.noBlogPosts)).toBeVisible();
      const robots = await (await page.request.get(`${fresh.baseURL}/robots.txt`)).text();
      expect(robots).toContain(`Sitemap: ${fresh.baseURL}/sitemap.xml`);
    } finally {
      await fresh.stop();
    }
  });
});
