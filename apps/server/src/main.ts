import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { bootstrap } from "./bootstrap";
import { ConfigError, loadConfig } from "./config";
import { createApp } from "./http/app";
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
  const app = createApp({
    config,
    services: runtime.services,
    publicConfig: runtime.publicConfig,
    allowedOrigins: runtime.allowedOrigins,
    webDistDir: existsSync(webDistDir) ? webDistDir : undefined,
    isReady: () => ready,
  });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    ready = true;
    const ms = Math.round(performance.now() - startedAt);
    const db =
      runtime.database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${config.DATA_DIR}/db`;
    logger.info(`ChatSphere is ready on ${config.publicUrl} (port ${info.port}, ${db}, ${ms} ms)`);
  });
  // WebSocket handshakes for /ws arrive as HTTP upgrades; the gateway checks them first.
  server.on("upgrade", runtime.realtime.handleUpgrade);

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
