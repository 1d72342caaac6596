/**
 * `npm run seed`: believable demo content for a local instance (opt-in, never run by start).
 * Idempotent: a database that already has the demo people is left as it is.
 */
import { bootstrap } from "../../bootstrap";
import { loadConfig } from "../../config";
import { createLogger } from "../../logger";
import { seedDemoContent } from "./demo-content";
import { DEMO_PASSWORD, demoEmail, PEOPLE } from "./people";

async function serverIsRunning(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
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
  const runtime = await bootstrap(config, { logger: createLogger("warn") });
  try {
    const result = await seedDemoContent(runtime.services.db);
    if (!result) {
      console.info("Demo content is already there; nothing to do.");
      return;
    }
    console.info(
      `Seeded ${result.people} people, their talk in the global rooms, ${result.posts} blog posts with comments, and feedback.`,
    );
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
