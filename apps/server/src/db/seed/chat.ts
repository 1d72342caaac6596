import { createId } from "@paralleldrive/cuid2";
import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../client";
import { account, message, room, roomMember, user } from "../schema";
import { DEMO_PASSWORD, demoEmail, PEOPLE, ROOM_TALK } from "./people";

/** Demo people (with e-mail/password accounts) and their talk in the global rooms. */
export async function seedPeople(db: Database): Promise<string[]> {
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

export async function seedRoomTalk(db: Database, people: string[]) {
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
