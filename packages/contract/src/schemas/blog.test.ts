import { describe, expect, it } from "vitest";
import { CONTENT_VALIDATION } from "../content-messages";
import { VALIDATION } from "../messages";
import { createBlogSchema, htmlHasText } from "./blog";
import { commentSchema } from "./comment";
import { feedbackSchema } from "./feedback";
import { taxonomyNameSchema } from "./taxonomy";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

const valid = {
  title: "Hello world",
  slug: "hello-world",
  body: "<p>Hi</p>",
  categoryId: "tz4a98xxat96iws9zmbrgj3a",
  tldr: "",
  excerpt: "",
  imageUrl: "",
  tags: [{ id: "pfh0haxfpzowht3oi213cqos" }],
};

describe("blog payload (SPEC §5)", () => {
  it("accepts a complete post", () => {
    expect(createBlogSchema.safeParse(valid).success).toBe(true);
  });

  it("gives the spec's texts for a bad slug and for no tags", () => {
    const result = createBlogSchema.safeParse({ ...valid, slug: "Hello World", tags: [] });
    expect(messages(result)).toEqual([VALIDATION.slugKebab, VALIDATION.tagRequired]);
  });

  it.each(["-lead", "trail-", "dou--ble", "UPPER", "snake_case", "sp ace"])(
    "refuses the slug %j",
    (slug) => {
      expect(messages(createBlogSchema.safeParse({ ...valid, slug }))).toEqual([
        VALIDATION.slugKebab,
      ]);
    },
  );

  it("asks for a category when none is chosen and refuses ids that are not cuids", () => {
    expect(messages(createBlogSchema.safeParse({ ...valid, categoryId: "" }))).toEqual([
      CONTENT_VALIDATION.categoryRequired,
    ]);
    expect(messages(createBlogSchema.safeParse({ ...valid, categoryId: "1; drop" }))).toEqual([
      CONTENT_VALIDATION.invalidId,
    ]);
  });

  it("counts an empty editor as an empty body", () => {
    expect(messages(createBlogSchema.safeParse({ ...valid, body: "<p></p>" }))).toEqual([
      CONTENT_VALIDATION.bodyRequired,
    ]);
    expect(htmlHasText("<p>&nbsp;</p><h2> </h2>")).toBe(false);
    expect(htmlHasText("<p>x</p>")).toBe(true);
  });

  it("takes image URLs only from this site's files or http(s)", () => {
    for (const imageUrl of ["javascript:alert(1)", "data:image/png;base64,AAA", "//evil.example"]) {
      expect(messages(createBlogSchema.safeParse({ ...valid, imageUrl }))).toEqual([
        CONTENT_VALIDATION.imageUrlInvalid,
      ]);
    }
    for (const imageUrl of ["", "/files/blogs/1.png", "https://cdn.example/a.jpg"]) {
      expect(createBlogSchema.safeParse({ ...valid, imageUrl }).success).toBe(true);
    }
  });
});

describe("short texts (SPEC §5)", () => {
  it("comment, feedback and names refuse whitespace with the spec's texts", () => {
    expect(messages(commentSchema.safeParse({ text: "  " }))).toEqual([VALIDATION.commentEmpty]);
    expect(messages(feedbackSchema.safeParse({ message: "\n" }))).toEqual([
      VALIDATION.feedbackEmpty,
    ]);
    expect(messages(taxonomyNameSchema.safeParse({ name: " " }))).toEqual([
      VALIDATION.nameRequired,
    ]);
  });

  it("trims what it keeps", () => {
    expect(taxonomyNameSchema.parse({ name: "  News " })).toEqual({ name: "News" });
  });
});
