import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createORPCClient } from "@orpc/client";
import { RPCLink } from "@orpc/client/fetch";
import type { ContractRouterClient } from "@orpc/contract";
import { afterAll, beforeAll } from "vitest";
import { REALTIME_PATH, type Contract } from "@chatsphere/contract";
import { bootstrap, type Runtime } from "../src/bootstrap";
import { loadConfig } from "../src/config";
import type { DatabaseTarget } from "../src/db/client";
import { createHttpServer } from "../src/http/server";
import { createLogger } from "../src/logger";
import type { MailMessage } from "../src/mail/mailer";
import { migratedSnapshot } from "./migrated-snapshot";
import { createPostgresDatabase, servicesOfThisRun } from "./services";

export const ORIGIN = "http://localhost:3000";

/**
 * A database for one test file: in-memory PGlite, or in the services pass (npm run
 * test:services) a fresh database on the run's PostgreSQL, dropped again in `close`.
 */
async function testDatabase(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const services = servicesOfThisRun();
  if (!services) {
    return {
      target: { kind: "pglite", dataDir: null, snapshot: await migratedSnapshot() },
      drop: async () => {},
    };
  }
  const database = await createPostgresDatabase(services.databaseUrl, "chatsphere_test");
  return { target: { kind: "postgres", url: database.url }, drop: database.drop };
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
  client: ContractRouterClient<Contract>;
}

export interface TestServer {
  runtime: Runtime;
  /** This server's DATA_DIR (uploaded files live in `files/`). */
  dataDir: string;
  mails: MailMessage[];
  /** The server's address on this machine, e.g. http://127.0.0.1:40123. */
  baseUrl: string;
  /** The realtime gateway's address on that server. */
  wsUrl: string;
  /** A request to the app, same-origin by default. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  /** A JSON POST to better-auth (`/api/auth{pathname}`), from a fresh address, as `cookie`. */
  postAuth(pathname: string, body: unknown, cookie?: string | null): Promise<Response>;
  /** An RPC client that sends the given cookie (or none). */
  client(cookie?: string): ContractRouterClient<Contract>;
  signUp(email?: string, password?: string): Promise<TestUser>;
  signIn(email: string, password: string): Promise<TestUser>;
  signInAsGuest(): Promise<TestUser>;
  /** Creates an admin through the bootstrap rule (first admin) and signs them in. */
  createAdmin(email?: string, password?: string): Promise<TestUser>;
  close(): Promise<void>;
}

let counter = 0;
export const randomIp = () =>
  `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 250)}`;
export const uniqueEmail = (prefix = "user") =>
  `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

function sessionCookie(response: Response): string {
  const cookies = response.headers.getSetCookie();
  const session = cookies.find((c) => c.startsWith("better-auth.session_token="));
  if (!session) throw new Error(`no session cookie (status ${response.status})`);
  return session.split(";")[0] ?? "";
}

function listenOnFreePort(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

/** `env` overrides the test configuration, e.g. `{ PUBLIC_URL: "" }` for none (as `npm start`). */
export async function createTestServer(
  options: { env?: Record<string, string> } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    // Each helper call below comes from its own address, so tests that create many users do
    // not trip the per-address auth limits; rate-limit tests pick one address on purpose.
    TRUST_PROXY: "true",
    ...options.env,
  });
  const database = await testDatabase();
  const mails: MailMessage[] = [];
  const runtime = await bootstrap(config, {
    logger: createLogger("silent"),
    target: database.target,
    mailer: { send: async (message) => void mails.push(message) },
  });
  // The listener of production on a real port: RPC, auth and pages as a browser reaches them.
  const http = createHttpServer({
    config,
    services: runtime.services,
    publicConfig: runtime.publicConfig,
    origins: runtime.origins,
    isReady: () => true,
    onUpgrade: runtime.realtime.handleUpgrade,
  });
  const baseUrl = await listenOnFreePort(http);
  // The page's origin: PUBLIC_URL, or without one the address the server is reached at.
  const siteOrigin = config.publicUrl ?? baseUrl;

  const request = (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", siteOrigin);
    return fetch(`${baseUrl}${pathname}`, { ...init, headers, redirect: "manual" });
  };

  const client = (cookie?: string): ContractRouterClient<Contract> =>
    createORPCClient(
      new RPCLink({
        url: `${baseUrl}/rpc`,
        headers: cookie ? { cookie, origin: siteOrigin } : { origin: siteOrigin },
      }),
    );

  const postJson = (pathname: string, body: unknown, cookie?: string | null) =>
    request(pathname, {
      method: "POST",
      headers: {
        ...(cookie ? { cookie } : {}),
        "content-type": "application/json",
        "x-forwarded-for": randomIp(),
      },
      body: JSON.stringify(body),
    });

  async function userFrom(response: Response, email: string): Promise<TestUser> {
    if (!response.ok) throw new Error(`auth failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { user: { id: string } };
    const cookie = sessionCookie(response);
    return { id: body.user.id, email, cookie, client: client(cookie) };
  }

  const server: TestServer = {
    runtime,
    dataDir,
    mails,
    baseUrl,
    wsUrl: `${baseUrl.replace(/^http/, "ws")}${REALTIME_PATH}`,
    request,
    postAuth: (pathname, body, cookie) => postJson(`/api/auth${pathname}`, body, cookie),
    client,
    async signUp(email = uniqueEmail(), password = "password123") {
      const response = await postJson("/api/auth/sign-up/email", {
        email,
        password,
        name: email.split("@")[0],
      });
      return userFrom(response, email);
    },
    async signIn(email, password) {
      return userFrom(await postJson("/api/auth/sign-in/email", { email, password }), email);
    },
    async signInAsGuest() {
      const response = await postJson("/api/auth/sign-in/anonymous", {});
      return userFrom(response, "");
    },
    async createAdmin(email = uniqueEmail("admin"), password = "password123") {
      await client().admin.signUp({ email, password, confirmPassword: password });
      return server.signIn(email, password);
    },
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await runtime.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

export interface TestServerHandle {
  /** The file's server (started before its first test). */
  readonly server: TestServer;
  /** An admin of that server, when asked for. */
  readonly admin: TestUser;
  /** Closes this (a socket) before the server is closed. */
  closeAfter<T extends { close(): Promise<unknown> }>(closable: T): T;
}

/**
 * One test server for the test file that calls this at its top: started before the file's
 * tests (with an admin when asked), and closed after them with every socket handed to
 * `closeAfter`.
 */
export function useTestServer(options: { withAdmin?: boolean } = {}): TestServerHandle {
  let server: TestServer | undefined;
  let admin: TestUser | undefined;
  const closables: { close(): Promise<unknown> }[] = [];
  beforeAll(async () => {
    server = await createTestServer();
    if (options.withAdmin) admin = await server.createAdmin();
  });
  afterAll(async () => {
    await Promise.all(closables.map((c) => c.close()));
    await server?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what}: use it inside a test or hook`);
    return value;
  };
  return {
    get server() {
      return started(server, "server");
    },
    get admin() {
      return started(admin, "admin (useTestServer({ withAdmin: true }))");
    },
    closeAfter(closable) {
      closables.push(closable);
      return closable;
    },
  };
}
