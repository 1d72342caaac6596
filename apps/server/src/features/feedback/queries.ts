import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { feedback, user } from "../../db/schema";

export async function insertFeedback(
  db: Database,
  values: { id: string; userId: string; message: string },
) {
  const [row] = await db
    .insert(feedback)
    .values(values)
    .returning({ id: feedback.id, message: feedback.message, createdAt: feedback.createdAt });
  return row;
}

/** One user's own feedback, newest first; the user is in the WHERE clause. */
export async function listOwn(
  db: Database,
  params: { userId: string; limit: number; offset: number },
) {
  return db
    .select({ id: feedback.id, message: feedback.message, createdAt: feedback.createdAt })
    .from(feedback)
    .where(eq(feedback.userId, params.userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(params.limit + 1)
    .offset(params.offset);
}

/** Everyone's feedback with its sender, for the admin. */
export async function listAll(db: Database, params: { limit: number; offset: number }) {
  return db
    .select({
      id: feedback.id,
      message: feedback.message,
      createdAt: feedback.createdAt,
      user: { name: user.name, email: user.email },
    })
    .from(feedback)
    .innerJoin(user, eq(user.id, feedback.userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(params.limit + 1)
    .offset(params.offset);
}
