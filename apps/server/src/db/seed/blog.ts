import { createId } from "@paralleldrive/cuid2";
import { eq } from "drizzle-orm";
import * as blogAdmin from "../../features/blog/admin-service";
import type { Database } from "../client";
import { blog, comment, feedback, user } from "../schema";
import { CATEGORIES, FEEDBACK, POSTS, TAGS } from "./blog-content";

/**
 * Categories, tags and posts go through the same service the admin uses (sanitizing,
 * one transaction per post); comments are seeded as already approved.
 */
export async function seedBlog(db: Database, people: string[]) {
  const [admin] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, "admin"))
    .limit(1);
  // Without an admin the posts are signed by the first demo person; the seed never makes admins.
  const authorId = admin?.id ?? people[0];
  if (!authorId) return 0;
  const categories = new Map<string, string>();
  for (const name of CATEGORIES) {
    categories.set(name, (await blogAdmin.createTaxonomy(db, "category", name)).id);
  }
  const tags = new Map<string, string>();
  for (const name of TAGS) tags.set(name, (await blogAdmin.createTaxonomy(db, "tag", name)).id);

  for (const post of POSTS) {
    const created = await blogAdmin.createBlog(db, authorId, {
      title: post.title,
      slug: post.slug,
      body: post.body,
      categoryId: categories.get(post.category) ?? "",
      tldr: post.tldr,
      excerpt: post.excerpt,
      imageUrl: "",
      tags: post.tags.flatMap((name) => {
        const id = tags.get(name);
        return id ? [{ id }] : [];
      }),
    });
    const day = Date.now() - post.daysAgo * 86_400_000;
    await db
      .update(blog)
      .set({ createdAt: new Date(day), updatedAt: new Date(day) })
      .where(eq(blog.id, created.id));
    const rows = post.comments.flatMap(([speaker, text], index) => {
      const authorOfComment = people[speaker];
      const at = new Date(day + (index + 1) * 3_600_000);
      return authorOfComment
        ? [
            {
              id: createId(),
              blogId: created.id,
              authorId: authorOfComment,
              text,
              createdAt: at,
              approvedAt: at,
            },
          ]
        : [];
    });
    if (rows.length > 0) await db.insert(comment).values(rows);
  }
  const feedbackRows = FEEDBACK.flatMap(([speaker, message]) => {
    const userId = people[speaker];
    return userId ? [{ id: createId(), userId, message }] : [];
  });
  await db.insert(feedback).values(feedbackRows);
  return POSTS.length;
}
