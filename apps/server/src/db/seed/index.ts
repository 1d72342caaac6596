/**
 * `npm run seed`: believable demo content for a local instance (opt-in, never run by start).
 * Idempotent: a database that already has the demo people is left as it is.
 */
import { createId } from "@paralleldrive/cuid2";
import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { bootstrap } from "../../bootstrap";
import { loadConfig } from "../../config";
import { createLogger } from "../../logger";
import type { Database } from "../client";
import { account, message, room, roomMember, user } from "../schema";
import { DEMO_DOMAIN, DEMO_PASSWORD, demoEmail, PEOPLE, ROOM_TALK } from "./people";

async function serverIsRunning(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}

async function seedPeople(db: Database): Promise<string[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const rows = PEOPLE.map((person, index) => ({
    id: createId(),
    name: person.name,
    email: demoEmail(person.name),
    bio: person.bio,
    emailVerified: true,
    createdAt: new Date(now - (PEOPLE.length - index) * 86_400_000),
  }));
  await db.transaction(async (tx) => {
    await tx.insert(user).values(rows);
    await tx.insert(account).values(
      rows.map((row) => ({
        id: createId(),
        accountId: row.id,
        providerId: "credential",
        userId: row.id,
        password: passwordHash,
      })),
    );
  });
  return rows.map((row) => row.id);
}

async function seedRoomTalk(db: Database, people: string[]) {
  const rooms = await db
    .select({ id: room.id, name: room.name })
    .from(room)
    .where(
      and(
        eq(room.kind, "global"),
        inArray(
          room.name,
          ROOM_TALK.map(([name]) => name),
        ),
      ),
    );
  let minutesAgo = 240;
  for (const [name, lines] of ROOM_TALK) {
    const target = rooms.find((r) => r.name === name);
    if (!target) continue;
    const speakers = [...new Set(lines.map(([speaker]) => people[speaker]))].filter(
      (id): id is string => Boolean(id),
    );
    await db
      .insert(roomMember)
      .values(speakers.map((userId) => ({ roomId: target.id, userId })))
      .onConflictDoNothing();
    await db.insert(message).values(
      lines.flatMap(([speaker, content]) => {
        const senderId = people[speaker];
        minutesAgo -= 3;
        if (!senderId) return [];
        return [
          {
            id: createId(),
            roomId: target.id,
            senderId,
            content,
            createdAt: new Date(Date.now() - minutesAgo * 60_000),
          },
        ];
      }),
    );
  }
}

async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL && (await serverIsRunning(config.PORT))) {
    console.error(
      `ChatSphere is running on port ${config.PORT}. Stop it first: the embedded database can be opened by one process at a time.`,
    );
    process.exit(1);
  }
  const logger = createLogger("warn");
  const runtime = await bootstrap(config, { logger });
  const { db } = runtime.services;
  try {
    const existing = await db
      .select({ id: user.id })
      .from(user)
      .where(like(user.email, `%@${DEMO_DOMAIN}`))
      .limit(1);
    if (existing.length > 0) {
      console.info("Demo content is already there; nothing to do.");
      return;
    }
    const people = await seedPeople(db);
    await seedRoomTalk(db, people);
    console.info(`Seeded ${people.length} people and conversations in the global rooms.`);
    console.info(
      `Log in as any of them, e.g. ${demoEmail(PEOPLE[0].name)}, with the password "${DEMO_PASSWORD}".`,
    );
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error("Seeding failed:", error);
  process.exit(1);
});
