import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createORPCClient } from "@orpc/client";
import { RPCLink } from "@orpc/client/fetch";
import type { ContractRouterClient } from "@orpc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_PATH, roomChannel, type Contract } from "@chatsphere/contract";
import { startTestS3Server, type TestS3Server } from "../src/storage/s3-test-server";
import { PNG_1X1 } from "./content-fixtures";
import { uniqueEmail } from "./harness";
import { isMessageEvent } from "./message-fixtures";
import { startServerProcess, stopProcess } from "./processes";
import { openSocket } from "./realtime-helpers";
import { createPostgresDatabase, testServices } from "./services";

/*
 * Two real server processes behind one PostgreSQL, one Redis and one bucket, each with its
 * own DATA_DIR: a file uploaded through one is served by the other. Runs in
 * `npm run test:services`; s3-storage.test.ts has the bucket of one server.
 */
const { databaseUrl, redisUrl } = testServices();

const png = (name = "x.png") => new File([PNG_1X1], name, { type: "image/png" });

describe("two server processes sharing one bucket", () => {
  const publicUrl = "http://localhost:3998";
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  let s3: TestS3Server | undefined;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    database = await createPostgresDatabase(databaseUrl, "chatsphere_s3");
    // One after the other: the first start migrates and creates the shared secret.
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-s3proc-"));
      dataDirs.push(dataDir);
      const started = await startServerProcess({
        ...s3.env,
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `s3proc-${database.name}:`,
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: "error",
        TRUST_PROXY: "true",
        NODE_ENV: "test",
      });
      children.push(started.child);
      bases.push(started.base);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    await database?.drop();
    await s3?.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const clientOn = (base: string, cookie?: string): ContractRouterClient<Contract> =>
    createORPCClient(
      new RPCLink({
        url: `${base}/rpc`,
        headers: cookie ? { cookie, origin: publicUrl } : { origin: publicUrl },
      }),
    );

  async function adminOn(base: string) {
    const email = uniqueEmail("admin");
    const password = "password123";
    await clientOn(base).admin.signUp({ email, password, confirmPassword: password });
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: publicUrl, "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    const cookie = (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    return clientOn(base, cookie);
  }

  it("a blog image uploaded through one process is served by the other", async () => {
    const [first = "", second = ""] = bases;
    const admin = await adminOn(first);
    const { url } = await admin.admin.uploadBlogImage({ image: png("shared.png") });
    const response = await fetch(`${second}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG_1X1);
  });

  let address = 0;
  /** A registered user on a process: its cookie and an RPC client there. */
  async function userOn(base: string) {
    const email = uniqueEmail("s3user");
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: {
        origin: publicUrl,
        "content-type": "application/json",
        "x-forwarded-for": `10.66.0.${++address}`,
      },
      body: JSON.stringify({ email, password: "password123", name: email.split("@")[0] }),
    });
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string } };
    const cookie = (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    return { id: user.id, cookie, client: clientOn(base, cookie) };
  }

  it("a photo sent in a room through one process reaches a member on the other, who may load it; an outsider may not", async () => {
    const [first = "", second = ""] = bases;
    const ann = await userOn(first);
    const bob = await userOn(second);
    const eve = await userOn(second);
    const { rooms } = await ann.client.room.listRooms();
    const roomId = rooms.find((room) => room.name === "General")?.id ?? "";
    await ann.client.room.join({ roomId });
    await bob.client.room.join({ roomId });
    const socket = await openSocket(
      second.replace("http", "ws") + REALTIME_PATH,
      bob.cookie,
      publicUrl,
    );
    expect(await socket.sub(roomChannel(roomId))).toBe("subscribed");

    const { url } = await ann.client.message.uploadMedia({ roomId, file: png("holiday.png") });
    await ann.client.message.send({ roomId, content: url });
    const event = await socket.next(isMessageEvent);
    expect(event.payload.media).toMatchObject({ kind: "image", url, width: 1, height: 1 });

    const asBob = await fetch(`${second}${url}`, { headers: { cookie: bob.cookie } });
    expect(asBob.status).toBe(200);
    expect(asBob.headers.get("content-type")).toBe("image/png");
    const asEve = await fetch(`${second}${url}`, { headers: { cookie: eve.cookie } });
    expect(asEve.status).toBe(403);
    await socket.close();
  });
});
