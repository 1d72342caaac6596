import pg from "pg";

/*
 * The users of the admin bench, written straight into its scratch database with a few
 * set-based statements (a fixture, like a seed): registered users with names from two word
 * lists, and guests as the server makes them ("Guest 1234", a `temp-…` address), each guest
 * with a session, some with a membership and messages in a global room, some in a stranger
 * chat with another guest, and a day of activity, so that deleting them cascades through
 * every table a real guest leaves rows in.
 */

/** First names, drawn uniformly. */
const FIRST = `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William
Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy
Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna
Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Ronald
Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas
Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon
Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Patrick
Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie
Adam Olivia Nathan Joyce Henry Virginia Douglas Victoria Zachary Kelly Peter Lauren Kyle Christina
Ethan Joan Walter Evelyn Noah Judith Jeremy Megan Christian Andrea Keith Cheryl Roger Hannah
Terry Jacqueline Gerald Martha Harold Gloria Sean Teresa Austin Ann Carl Sara Arthur Madison
Lawrence Frances Dylan Kathryn Jesse Janice Jordan Jean Bryan Abigail Billy Alice Joe Judy Bruce
Sophia Gabriel Grace Logan Denise Albert Amber Willie Doris Alan Marilyn Juan Danielle Wayne
Beverly Elijah Isabella Randy Theresa Roy Diana Vincent Natalie Ralph Brittany Eugene Charlotte
Russell Marie Bobby Kayla Mason Alexis Philip Lori Louis Aisha Wei Yuki Priya Mohammed Fatima
Santiago Lucia Mateo Valentina Hiroshi Sakura Arjun Ananya Kwame Amara Lars Ingrid Pierre Chloe
Luca Giulia Omar Leila Dmitri Olga Tariq Zara`.split(/\s+/);

/**
 * Last names, most common first: they are drawn with a skew (index = n * u^3), so the first
 * are a few per cent of the users each and the last about 0.1 % (as real surnames are).
 */
const LAST = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez
Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris
Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans
Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez
Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks
Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long
Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes
Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin
Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford
Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen
Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw
Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar
Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan
Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart
Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray
Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis Carpenter Lawrence
Sandoval Guerrero George Chapman Rios Estrada Ortega Watkins Greene Nunez Wheeler Valdez Harper
Burke Larson Santiago Maldonado Morrison Franklin Carlson Austin Dominguez Carr Lawson Jacobs
Obrien Lynch Singh Vega Bishop Montgomery Oliver Jensen Harvey Williamson Gilbert Dean Sims
Espinoza Howell Li Wong Reid Hanson Le McCoy Garrett Burton Fuller Wang Weber Welch Rojas Lucas
Marquez Fields Park Yang Little Banks Padilla Day Walsh Bowman Schultz Luna Fowler Mejia Davidson
Acosta Brewer May Holland Juarez Newman Pearson Curtis Cortez Douglas Schneider Joseph Barrett
Navarro Figueroa Keller Avila Wade Molina Stanley Hopkins Campos Barnett Bates Chambers Caldwell
Beck Lambert Miranda Byrd Craig Ayala Lowe Frazier Powers Neal Leonard Gregory Carrillo Sutton
Fleming Rhodes Shelton Schwartz Norris Jennings Watts Duran Walters Cohen McDaniel Moran Parks
Steele Vaughn Becker Holt Deleon Barker Terry Hale Leon Hail Benson Haynes Horton Miles Lyons
Pham Graves Bush Thornton Wolfe Warner Cabrera McKinney Mann Zimmerman Dawson Lara Fletcher Page
McCarthy Love Robles Cervantes Solis Erickson Reeves Chang Klein Salinas Fuentes Baldwin Daniel
Simon Velasquez Hardy Higgins Aguirre Lin Cummings Chandler Sharp Barber Bowen Ochoa Dennis
Robbins Liu Ramsey Francis Griffith Paul Blair Okafor Kowalczyk Nakamura Yilmaz Lindqvist
Abernathy Quintanilla Thibodeaux Rasmussen Okonkwo Szymanski Vukovic Castellanos`.split(/\s+/);

export interface FixtureOptions {
  /** Registered users (not guests). */
  registered: number;
  /** Guests, is_anonymous = true, each with a session. */
  guests: number;
  /** Guests that are also members of a global room with two messages there (a share, 0-1). */
  guestMemberShare: number;
  /** Stranger chats between two guests, each of whom sent `strangerMessagesEach` messages. */
  strangerRooms: number;
  strangerMessagesEach: number;
  /** The random seed of the names and dates (the same users on every run). */
  seed: number;
}

export interface FixtureCounts {
  users: number;
  registered: number;
  guests: number;
  guestSessions: number;
  guestMemberships: number;
  guestMessagesInGlobalRooms: number;
  strangerRooms: number;
  strangerMessages: number;
  dailyActiveGuestRows: number;
}

export interface LoadTimings {
  registeredS: number;
  guestsS: number;
  indexesS: number;
  vacuumS: number;
}

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/**
 * Loads the users. The secondary indexes of "user" (the trigram index among them) are
 * dropped first and created again, with their own definitions read from the catalogue, once
 * the rows are in: building an index once is many times faster than growing it a row at a
 * time. VACUUM ANALYZE at the end leaves what autovacuum would: statistics and a visibility
 * map (index-only scans), so that autovacuum does not start in the middle of a measurement.
 */
export async function loadUsers(
  databaseUrl: string,
  options: FixtureOptions,
  log: (line: string) => void,
): Promise<{ counts: FixtureCounts; timings: LoadTimings; userTableMb: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '512MB'");
    await client.query("SET synchronous_commit = off");
    const indexes = (
      await client.query<{ name: string; def: string }>(
        `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
         WHERE x.indrelid = '"user"'::regclass AND NOT x.indisprimary AND NOT x.indisunique`,
      )
    ).rows;
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);

    let start = process.hrtime.bigint();
    await client.query("SELECT setseed($1)", [options.seed]);
    // Names: "Mary Johnson" (70 %), "mary johnson" (12 %), "MARY JOHNSON" (5 %),
    // "MaryJohnson1984" (8 %), "mary_johnson42" (5 %). Created over the last two years.
    await client.query(
      `INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
       SELECT id, CASE
           WHEN style < 0.70 THEN first || ' ' || last
           WHEN style < 0.82 THEN lower(first || ' ' || last)
           WHEN style < 0.87 THEN upper(first || ' ' || last)
           WHEN style < 0.95 THEN first || last || (1950 + (i % 60))
           ELSE lower(first) || '_' || lower(last) || (i % 100)
         END,
         lower(first) || '.' || lower(last) || '.' || i || '@example.com', true, created, created
       FROM (
         SELECT i, 'c' || substr(md5('user' || i), 1, 23) AS id,
           ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int] AS first,
           ($2::text[])[1 + floor(cardinality($2::text[]) * power(random(), 3))::int] AS last,
           random() AS style,
           now() - random() * interval '730 days' AS created
         FROM generate_series(1, $3::int) AS i
       ) AS s`,
      [FIRST, LAST, options.registered],
    );
    const registeredS = seconds(start);
    log(
      `  ${options.registered.toLocaleString("en-US")} registered users: ${registeredS.toFixed(1)} s`,
    );

    start = process.hrtime.bigint();
    await loadGuests(client, options);
    const guestsS = seconds(start);
    log(
      `  ${options.guests.toLocaleString("en-US")} guests with their rows: ${guestsS.toFixed(1)} s`,
    );

    start = process.hrtime.bigint();
    for (const index of indexes) await client.query(index.def);
    const indexesS = seconds(start);
    log(`  indexes of "user" (${indexes.map((i) => i.name).join(", ")}): ${indexesS.toFixed(1)} s`);

    start = process.hrtime.bigint();
    for (const table of [
      "user",
      "session",
      "room",
      "room_member",
      "message",
      "daily_active_user",
    ]) {
      await client.query(`VACUUM ANALYZE "${table}"`);
    }
    const vacuumS = seconds(start);
    log(`  VACUUM ANALYZE: ${vacuumS.toFixed(1)} s`);

    const counts = await countFixture(client);
    const size = await client.query<{ mb: string }>(
      `SELECT round(pg_total_relation_size('"user"') / 1048576.0) AS mb`,
    );
    return {
      counts,
      timings: { registeredS, guestsS, indexesS, vacuumS },
      userTableMb: Number(size.rows[0]?.mb ?? 0),
    };
  } finally {
    await client.end();
  }
}

async function loadGuests(client: pg.Client, options: FixtureOptions) {
  const pairs = Math.min(options.strangerRooms, Math.floor(options.guests / 2));
  // Guests g1..gN as better-auth's anonymous plugin makes them, created in the last 30 days.
  await client.query(
    `INSERT INTO "user" (id, name, email, created_at, updated_at, is_anonymous)
     SELECT id, 'Guest ' || (1000 + floor(random() * 9000)::int),
       'temp-' || id || '@guest.chatsphere.invalid', created, created, true
     FROM (
       SELECT 'c' || substr(md5('guest' || i), 1, 23) AS id,
         now() - random() * interval '30 days' AS created
       FROM generate_series(1, $1::int) AS i
     ) AS s`,
    [options.guests],
  );
  // A session each (the cookie they browse with).
  await client.query(
    `INSERT INTO session (id, token, user_id, expires_at, ip_address, user_agent)
     SELECT 's' || substr(md5('session' || i), 1, 23), md5('token' || i) || md5('t2' || i),
       'c' || substr(md5('guest' || i), 1, 23), now() + interval '30 days',
       '10.' || (i % 250) || '.' || (i / 250 % 250) || '.1', 'Mozilla/5.0 (bench)'
     FROM generate_series(1, $1::int) AS i`,
    [options.guests],
  );
  // Active today (the dashboard's daily activity), one guest in three.
  await client.query(
    `INSERT INTO daily_active_user (day, user_id)
     SELECT current_date, 'c' || substr(md5('guest' || i), 1, 23)
     FROM generate_series(1, $1::int) AS i WHERE i % 3 = 0`,
    [options.guests],
  );
  // Members of a global room, with two messages there that stay (sender set to null).
  await client.query(
    `WITH rooms AS (SELECT array_agg(id ORDER BY name) AS ids FROM room WHERE kind = 'global'),
     members AS (
       SELECT 'c' || substr(md5('guest' || i), 1, 23) AS user_id,
         ids[1 + (i % cardinality(ids))] AS room_id
       FROM generate_series(1, $1::int) AS i, rooms
       WHERE random() < $2::float8
     ),
     joined AS (
       INSERT INTO room_member (room_id, user_id) SELECT room_id, user_id FROM members
       RETURNING room_id, user_id
     )
     INSERT INTO message (id, room_id, sender_id, content, created_at)
     SELECT gen_random_uuid()::text, room_id, user_id,
       'hello from a guest, message ' || n, now() - random() * interval '30 days'
     FROM joined, generate_series(1, 2) AS n`,
    [options.guests, options.guestMemberShare],
  );
  // Stranger chats between guests 2k-1 and 2k (the room and its messages go with the second).
  await client.query(
    `WITH rooms AS (
       INSERT INTO room (id, name, kind, created_at, closed_at, last_activity_at)
       SELECT gen_random_uuid()::text, 'Stranger chat', 'stranger',
         now() - interval '1 day', now() - interval '23 hours', now() - interval '23 hours'
       FROM generate_series(1, $1::int)
       RETURNING id
     ),
     numbered AS (SELECT id, row_number() OVER () AS k FROM rooms),
     members AS (
       INSERT INTO room_member (room_id, user_id)
       SELECT id, 'c' || substr(md5('guest' || (2 * k - side)), 1, 23)
       FROM numbered, generate_series(0, 1) AS side
       RETURNING room_id, user_id
     )
     INSERT INTO message (id, room_id, sender_id, content, created_at)
     SELECT gen_random_uuid()::text, room_id, user_id, 'hi stranger ' || n,
       now() - interval '23 hours'
     FROM members, generate_series(1, $2::int) AS n`,
    [pairs, options.strangerMessagesEach],
  );
}

async function countFixture(client: pg.Client): Promise<FixtureCounts> {
  const { rows } = await client.query<Record<keyof FixtureCounts, string>>(
    `SELECT
       (SELECT count(*) FROM "user") AS users,
       (SELECT count(*) FROM "user" WHERE NOT is_anonymous) AS registered,
       (SELECT count(*) FROM "user" WHERE is_anonymous) AS guests,
       (SELECT count(*) FROM session s JOIN "user" u ON u.id = s.user_id
         WHERE u.is_anonymous) AS "guestSessions",
       (SELECT count(*) FROM room_member m JOIN room r ON r.id = m.room_id
         WHERE r.kind = 'global') AS "guestMemberships",
       (SELECT count(*) FROM message m JOIN room r ON r.id = m.room_id
         WHERE r.kind = 'global') AS "guestMessagesInGlobalRooms",
       (SELECT count(*) FROM room WHERE kind = 'stranger') AS "strangerRooms",
       (SELECT count(*) FROM message m JOIN room r ON r.id = m.room_id
         WHERE r.kind = 'stranger') AS "strangerMessages",
       (SELECT count(*) FROM daily_active_user) AS "dailyActiveGuestRows"`,
  );
  const row = rows[0];
  if (!row) throw new Error("could not count the fixture");
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, Number(value)]),
  ) as unknown as FixtureCounts;
}
