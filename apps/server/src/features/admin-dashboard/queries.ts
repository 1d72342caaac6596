import { and, count, gte, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blog, comment, dailyActiveUser, dailyActivity, user } from "../../db/schema";

/**
 * Adds one process's tally of a day in one statement: the users not yet recorded that day by
 * any process are inserted into daily_active_user (a pair already there, or a user deleted
 * meanwhile, adds nothing), and the number actually inserted is added to the day's
 * active_users, with the messages. Two processes recording the same user concurrently: the
 * second insert waits on the first's key and then skips it, so the user counts once.
 */
export async function addDayActivity(
  db: Database,
  params: { day: string; userIds: string[]; messages: number },
) {
  await db.execute(sql`
    with added as (
      insert into ${dailyActiveUser} (day, user_id)
      select ${params.day}::date, ${user.id} from ${user}
      where ${user.id} = any(${sql.param(params.userIds)}::text[])
      on conflict do nothing
      returning 1
    )
    insert into ${dailyActivity} (day, active_users, messages)
    select ${params.day}::date, count(*), ${params.messages}::int from added
    on conflict (day) do update set
      active_users = ${dailyActivity}.active_users + excluded.active_users,
      messages = ${dailyActivity}.messages + excluded.messages`);
}

/** Forgets who was active before `day` (the day counters stay); served by the primary key. */
export async function pruneActiveUsersBefore(db: Database, day: string) {
  await db.execute(sql`delete from ${dailyActiveUser} where ${dailyActiveUser.day} < ${day}::date`);
}

/** The recorded days from `from` to `to`, inclusive (days without activity have no row). */
export function activityBetween(db: Database, from: string, to: string) {
  return db
    .select()
    .from(dailyActivity)
    .where(and(gte(dailyActivity.day, from), lte(dailyActivity.day, to)));
}

/**
 * The dashboard's totals, exact, in one statement: users and guests from one pass over the
 * user table (the guests as a filtered count of the same pass), blogs and comments (approved
 * and pending alike) counted alongside.
 */
export async function dashboardCounts(db: Database) {
  const [row] = await db
    .select({
      totalUsers: count(),
      totalGuestUsers: sql<number>`count(*) filter (where ${user.isAnonymous})`.mapWith(Number),
      totalBlogs: sql<number>`(select count(*) from ${blog})`.mapWith(Number),
      totalComments: sql<number>`(select count(*) from ${comment})`.mapWith(Number),
    })
    .from(user);
  const counts = row ?? { totalUsers: 0, totalGuestUsers: 0, totalBlogs: 0, totalComments: 0 };
  return { ...counts, totalLoggedInUsers: counts.totalUsers - counts.totalGuestUsers };
}
