import { expect, type Page } from "@playwright/test";
import { CONTENT_TEXT, CONTENT_TOAST, type CreateBlogInput } from "@chatsphere/contract";
import { adminRpc } from "./sessions";

let counter = 0;
/** A name no other test (or worker) uses. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${process.pid % 1000}${++counter}`;

/** Creates a category through the admin page (the admin is logged in). */
export async function createCategory(page: Page, name: string) {
  await page.goto("/admin/dashboard/categories");
  await page.getByPlaceholder(CONTENT_TEXT.categoryPlaceholder).fill(name);
  await page.getByRole("button", { name: CONTENT_TEXT.create }).click();
  await expect(page.getByText(CONTENT_TOAST.categoryCreated)).toBeVisible();
  await expect(page.getByRole("list", { name: CONTENT_TEXT.existingCategories })).toContainText(
    name,
  );
}

export async function createTag(page: Page, name: string) {
  await page.goto("/admin/dashboard/tags");
  await page.getByPlaceholder(CONTENT_TEXT.tagPlaceholder).fill(name);
  await page.getByRole("button", { name: CONTENT_TEXT.create }).click();
  await expect(page.getByText(CONTENT_TOAST.tagCreated)).toBeVisible();
  await expect(page.getByRole("list", { name: CONTENT_TEXT.existingTags })).toContainText(name);
}

/** Publishes a post through the API as the shared e2e admin, creating its category and tag. */
export async function publishViaApi(overrides: Partial<CreateBlogInput> = {}) {
  const category = await adminRpc<{ id: string }>("admin/createCategory", {
    name: uniqueName("Cat"),
  });
  const tag = await adminRpc<{ id: string }>("admin/createTag", { name: uniqueName("tag") });
  const title = overrides.title ?? uniqueName("Post");
  const input = {
    title,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    body: "<p>Body</p>",
    tldr: "",
    excerpt: "",
    imageUrl: "",
    categoryId: category.id,
    tags: [{ id: tag.id }],
    ...overrides,
  };
  await adminRpc("admin/createBlog", input);
  return input;
}
