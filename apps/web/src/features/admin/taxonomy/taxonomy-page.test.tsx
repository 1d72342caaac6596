import { screen, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { CONTENT_ERROR, CONTENT_TEXT, CONTENT_TOAST, VALIDATION } from "@chatsphere/contract";
import { deferred, server, type OutputOf } from "@/test/fake-server";
import { renderWithProviders } from "@/test/render";
import { findToast } from "@/test/toasts";
import { TaxonomyPage } from "./taxonomy-page";

test("no tags yet: the list says so in the spec's words", async () => {
  server.answer("admin.listTags", () => ({ tags: [], nextCursor: null }));
  await renderWithProviders(<TaxonomyPage kind="tag" />);
  expect(await screen.findByText(CONTENT_TEXT.noTags)).toBeVisible();
});

test("no categories yet: the list says so in the spec's words", async () => {
  server.answer("admin.listCategories", () => ({ categories: [], nextCursor: null }));
  await renderWithProviders(<TaxonomyPage kind="category" />);
  expect(await screen.findByText(CONTENT_TEXT.noCategories)).toBeVisible();
});

test("an empty tag name shows 'Name is required' and creates nothing", async () => {
  server.answer("admin.listTags", () => ({ tags: [], nextCursor: null }));
  const { user } = await renderWithProviders(<TaxonomyPage kind="tag" />);
  await user.click(screen.getByRole("button", { name: CONTENT_TEXT.create }));
  expect(await screen.findByRole("alert")).toHaveTextContent(VALIDATION.nameRequired);
  expect(server.inputsOf("admin.createTag")).toEqual([]);
});

test("Create is disabled while the tag is made; then the toast and the list shows it", async () => {
  const tags: OutputOf<"admin.listTags">["tags"] = [];
  server.answer("admin.listTags", () => ({ tags: [...tags], nextCursor: null }));
  const made = deferred<OutputOf<"admin.createTag">>();
  server.answer("admin.createTag", () => made.promise);
  const { user } = await renderWithProviders(<TaxonomyPage kind="tag" />);
  await user.type(screen.getByPlaceholderText(CONTENT_TEXT.tagPlaceholder), "Travel");
  const create = screen.getByRole("button", { name: CONTENT_TEXT.create });
  await user.click(create);
  expect(create).toBeDisabled();

  tags.push({ id: "tag1", name: "Travel" });
  made.resolve({ id: "tag1", name: "Travel" });
  expect(await findToast(CONTENT_TOAST.tagCreated)).toBeInTheDocument();
  const list = await screen.findByRole("list", { name: CONTENT_TEXT.existingTags });
  expect(within(list).getByText("Travel")).toBeVisible();
  expect(screen.getByPlaceholderText(CONTENT_TEXT.tagPlaceholder)).toHaveValue("");
});

test("a duplicate tag is refused: the server's text as a toast and under the field", async () => {
  server.answer("admin.listTags", () => ({ tags: [], nextCursor: null }));
  server.refuse("admin.createTag", {
    status: 409,
    code: "CONFLICT",
    message: CONTENT_ERROR.duplicateTag,
  });
  const { user } = await renderWithProviders(<TaxonomyPage kind="tag" />);
  await user.type(screen.getByPlaceholderText(CONTENT_TEXT.tagPlaceholder), "TRAVEL");
  await user.click(screen.getByRole("button", { name: CONTENT_TEXT.create }));
  expect(await screen.findByRole("alert")).toHaveTextContent(CONTENT_ERROR.duplicateTag);
  expect(screen.getByPlaceholderText(CONTENT_TEXT.tagPlaceholder)).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  expect(await findToast(CONTENT_ERROR.duplicateTag)).toBeInTheDocument();
});
