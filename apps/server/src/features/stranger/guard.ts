import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { room, strangerPause, userBlock } from "../../db/schema";
import { noteStrangerSkip } from "../../moderation/bot-defence";
import { pauseRefusal } from "../../moderation/pauses";
import type { RateLimiter } from "../../rate-limit/rate-limiter";
import { createBatcher } from "../../db/batcher";
import type { StrangerGuard } from "./service";

interface Admission {
  until: Date | null;
  reason: string | null;
  paused: boolean;
  avoid: string[];
}

/**
 * Pauses and blocks (issue 14) as stranger matching asks for them, on every search and every
 * skip: read in batches like the rooms are written (batcher.ts), one statement for all the
 * searches that arrive together, so a busy queue costs a statement per batch, not two per
 * search. The reads are as fresh as a statement of their own would be: a batch is read after
 * its searches arrived.
 */
export function createStrangerGuard(deps: { db: Database; rateLimiter: RateLimiter }) {
  const { db } = deps;
  const admissions = createBatcher(async (userIds: string[]): Promise<Admission[]> => {
    const result = await db.execute(sql`
      select u.id, p.until, p.reason, p.user_id is not null as paused,
        array(
          select b.blocked_id from ${userBlock} b where b.blocker_id = u.id
          union
          select b.blocker_id from ${userBlock} b where b.blocked_id = u.id
        ) as avoid
      from unnest(${sql.param(userIds)}::text[]) as u(id)
      left join ${strangerPause} p on p.user_id = u.id and (p.until is null or p.until > now())`);
    const rows = (result as unknown as { rows: AdmissionRow[] }).rows;
    const byUser = new Map(rows.map((row) => [row.id, admissionOf(row)]));
    return userIds.map((id) => byUser.get(id) ?? { ...NOT_PAUSED });
  });
  const ages = createBatcher(async (roomIds: string[]): Promise<(number | null)[]> => {
    const result = await db.execute(sql`
      select r.id, extract(epoch from now() - r.created_at) * 1000 as age_ms
      from ${room} r where r.id = any(${sql.param(roomIds)}::text[])`);
    const rows = (result as unknown as { rows: { id: string; age_ms: string | number }[] }).rows;
    const byRoom = new Map(rows.map((row) => [row.id, Number(row.age_ms)]));
    return roomIds.map((id) => byRoom.get(id) ?? null);
  });
  return {
    async admit(userId) {
      const admission = await admissions(userId);
      if (admission.paused) throw pauseRefusal(admission);
      return admission.avoid;
    },
    async skipped(userId, roomId) {
      await noteStrangerSkip(deps, { userId, roomId }, await ages(roomId));
    },
  } satisfies StrangerGuard;
}

interface AdmissionRow {
  id: string;
  until: string | Date | null;
  reason: string | null;
  paused: boolean;
  avoid: string[] | null;
}

const NOT_PAUSED: Admission = { until: null, reason: null, paused: false, avoid: [] };

const admissionOf = (row: AdmissionRow): Admission => ({
  until: row.until === null ? null : new Date(row.until),
  reason: row.reason,
  paused: row.paused,
  avoid: row.avoid ?? [],
});
