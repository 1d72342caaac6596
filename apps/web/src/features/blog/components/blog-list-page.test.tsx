import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { BLOG_PAGE_SIZE, CONTENT_TEXT } from "@chatsphere/contract";
import { server } from "@/test/fake-server";
import { renderWithProviders } from "@/test/render";
import { BlogListPage } from "./blog-list-page";

test("an empty blog says 'No blog posts yet'", async () => {
  server.answer("blog.listBlogs", () => ({ blogs: [], hasMore: false }));
  await renderWithProviders(<BlogListPage page={1} />);
  expect(await screen.findByText(CONTENT_TEXT.noBlogPosts)).toBeVisible();
  expect(screen.getByText(CONTENT_TEXT.noBlogPostsHint)).toBeVisible();
  expect(screen.queryByRole("navigation", { name: "Blog pages" })).not.toBeInTheDocument();
});

test("a page past the last says there are no older posts, with a way back", async () => {
  server.answer("blog.listBlogs", () => ({ blogs: [], hasMore: false }));
  await renderWithProviders(<BlogListPage page={3} />, { path: "/blogs?page=3" });
  expect(await screen.findByText(CONTENT_TEXT.noOlderPosts)).toBeVisible();
  expect(screen.getByRole("link", { name: CONTENT_TEXT.backToBlogs })).toHaveAttribute(
    "href",
    "/blogs",
  );
  expect(server.inputsOf("blog.listBlogs")).toEqual([
    {
      limit: BLOG_PAGE_SIZE,
      offset: 2 * BLOG_PAGE_SIZE,
      sort: { field: "updatedAt", order: "desc" },
    },
  ]);
});
