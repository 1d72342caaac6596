import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bootstrap } from "./bootstrap";
import { ConfigError, loadConfig } from "./config";
import { setHeapGrowth } from "./heap-growth";
import { listen, reachableUrls } from "./http/listen";
import { createHttpServer } from "./http/server";
import { createLogger } from "./logger";

/** Entry point: config -> database -> services -> HTTP (+ realtime) -> listen. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const startedAt = performance.now();
  let ready = false;

  const runtime = await bootstrap(config, { logger });
  const webDistDir = fileURLToPath(new URL("../../web/dist", import.meta.url));
  const server = createHttpServer({
    config,
    services: runtime.services,
    publicConfig: runtime.publicConfig,
    origins: runtime.origins,
    webDistDir: existsSync(webDistDir) ? webDistDir : undefined,
    isReady: () => ready,
    // WebSocket handshakes for /ws arrive as HTTP upgrades; the gateway checks them first.
    onUpgrade: runtime.realtime.handleUpgrade,
  });

  const address = await listen(server, config.PORT, config.HOST);
  ready = true;
  // Only now: the start's own garbage is collected with V8's factor, so memory at rest is as
  // small as before; from the next full GC on, the old generation has more room (decision 0039).
  setHeapGrowth();
  const ms = Math.round(performance.now() - startedAt);
  const db =
    runtime.database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${config.DATA_DIR}/db`;
  const urls = config.publicUrl ? [config.publicUrl] : reachableUrls(address);
  logger.info(`ChatSphere is ready on ${urls.join(", ")} (${db}, ${ms} ms)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    ready = false;
    server.close();
    await runtime.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error("ChatSphere failed to start:", error);
  process.exit(1);
});
