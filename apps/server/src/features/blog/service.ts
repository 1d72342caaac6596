import {
  articlePageMeta,
  BLOG_NOT_FOUND_META,
  CONTENT_ERROR,
  type ListBlogsInput,
  type PageMeta,
} from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import * as blogs from "./queries/blogs";
import { DESCRIPTION_MAX_CHARS, summaryOf } from "./summary";

export async function listBlogs(db: Database, input: ListBlogsInput) {
  const rows = await blogs.listBlogs(db, input);
  return {
    hasMore: rows.length > input.limit,
    blogs: rows.slice(0, input.limit).map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      summary: summaryOf({ excerpt: row.excerpt, tldr: row.tldr, body: row.bodyStart }),
      imageUrl: row.imageUrl,
      category: { name: row.categoryName },
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
  };
}

export async function getBlog(db: Database, slug: string) {
  const row = await blogs.findBlogBySlug(db, slug);
  if (!row) throw new AppError("NOT_FOUND", CONTENT_ERROR.blogNotFound);
  const tags = await blogs.listTagsOfBlog(db, row.id);
  const { authorName, ...post } = row;
  return { ...post, summary: summaryOf(post), author: { name: authorName }, tags };
}

export function listBlogTags(db: Database, blogId: string) {
  return blogs.listTagsOfBlog(db, blogId);
}

export interface ArticleHead {
  meta: PageMeta;
  status?: 404;
  ogType?: "article";
  imageUrl?: string | null;
  extra?: string;
}

const ARTICLE_PATH = /^\/blogs\/([^/]+)\/?$/;
const escapeAttr = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The `<head>` of an article page as the server sends it, so link previews and crawlers
 * (which run no JavaScript) see the post's title, description, image and dates. Paths that
 * are not articles return null; an unknown slug is a 404 titled 'Blog not found'.
 */
export async function articleHead(
  db: Database,
  pathname: string,
  publicUrl: string,
): Promise<ArticleHead | null> {
  const match = ARTICLE_PATH.exec(pathname);
  if (!match?.[1]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return { meta: BLOG_NOT_FOUND_META, status: 404 };
  }
  const post = await blogs.findBlogBySlug(db, slug);
  if (!post) return { meta: BLOG_NOT_FOUND_META, status: 404 };
  const description = summaryOf(post, DESCRIPTION_MAX_CHARS);
  const imageUrl = post.imageUrl?.startsWith("/") ? `${publicUrl}${post.imageUrl}` : post.imageUrl;
  const jsonLd = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description,
    datePublished: post.createdAt.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    author: { "@type": "Person", name: post.authorName },
    ...(imageUrl ? { image: imageUrl } : {}),
    mainEntityOfPage: `${publicUrl}/blogs/${post.slug}`,
  }).replace(/</g, "\\u003c");
  return {
    meta: articlePageMeta(post.title, description),
    ogType: "article",
    imageUrl,
    extra: [
      `<meta property="article:published_time" content="${post.createdAt.toISOString()}" />`,
      `<meta property="article:modified_time" content="${post.updatedAt.toISOString()}" />`,
      `<meta property="article:section" content="${escapeAttr(post.category.name)}" />`,
      `<script type="application/ld+json">${jsonLd}</script>`,
    ].join("\n    "),
  };
}

/** Sitemaps hold at most 50,000 addresses; the static pages take a few. */
const SITEMAP_MAX_POSTS = 49_000;

export function sitemapEntries(db: Database) {
  return blogs.listSitemapEntries(db, SITEMAP_MAX_POSTS);
}
