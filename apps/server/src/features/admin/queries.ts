import { createId } from "@paralleldrive/cuid2";
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { account, user } from "../../db/schema";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const ADMIN_BOOTSTRAP_LOCK = 0x61_64_6d_6e; // "admn"

/** Serialises admin creation across processes for the rest of the transaction. */
export async function lockAdminCreation(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_BOOTSTRAP_LOCK})`);
}

export async function countAdmins(tx: Tx) {
  const [row] = await tx.select({ n: count() }).from(user).where(eq(user.role, "admin"));
  return row?.n ?? 0;
}

export async function findUserIdByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

/** Inserts an admin with an e-mail/password credential, the way better-auth stores one. */
export async function insertAdmin(
  tx: Tx,
  params: { email: string; name: string; passwordHash: string },
) {
  const id = createId();
  const now = new Date();
  await tx.insert(user).values({
    id,
    email: params.email,
    name: params.name,
    role: "admin",
    emailVerified: false,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(account).values({
    id: createId(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: params.passwordHash,
    createdAt: now,
    updatedAt: now,
  });
  return { id, email: params.email };
}
