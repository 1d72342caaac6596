import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_PATH } from "@chatsphere/contract";
import { user } from "../../src/db/schema";
import { createTestServer, randomIp, type TestServer } from "../harness";
import { tryOpen } from "../realtime-helpers";

/*
 * Without PUBLIC_URL (as `npm start` runs for a newcomer), same origin is the address the
 * request came to (issue 10, item 1; decision 0014): a page may call the server at the host
 * it was loaded from, whichever that is, and no other site may. Requests are written with
 * node:http so the Host header can be what a browser at each address sends.
 */
let server: TestServer;
let port: string;

beforeAll(async () => {
  server = await createTestServer({ env: { PUBLIC_URL: "" } });
  port = new URL(server.baseUrl).port;
});
afterAll(async () => {
  await server.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A POST as a browser at `host` sends it (Host and Origin), with a JSON body. */
function post(path: string, host: string, origin: string, body: unknown, extra = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      `${server.baseUrl}${path}`,
      {
        method: "POST",
        headers: {
          host,
          origin,
          "content-type": "application/json",
          "x-forwarded-for": randomIp(),
          ...extra,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const usersWithEmail = (email: string) =>
  server.runtime.services.db.select().from(user).where(eq(user.email, email));

describe("same origin is the address the request came to", () => {
  it("signs up from a page at 127.0.0.1, at localhost, at [::1] and at a LAN address", async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `192.0.2.7:${port}`,
    ]) {
      const email = `addr-${Math.random().toString(36).slice(2)}@example.com`;
      const answer = await post("/api/auth/sign-up/email", host, `http://${host}`, {
        email,
        password: "password123",
        name: "Ann",
      });
      expect(answer.status).toBe(200);
      expect(await usersWithEmail(email)).toHaveLength(1);
    }
  });

  it("a page of another origin is refused (403) and no account is made", async () => {
    const host = `127.0.0.1:${port}`;
    for (const origin of [`http://localhost:${port}`, `https://${host}`, "http://evil.example"]) {
      const email = `foreign-${Math.random().toString(36).slice(2)}@example.com`;
      const answer = await post("/api/auth/sign-up/email", host, origin, {
        email,
        password: "password123",
        name: "Eve",
      });
      expect(answer.status).toBe(403);
      expect(await usersWithEmail(email)).toEqual([]);
    }
  });

  it("an RPC mutation from a page of another origin is refused (403), from its own allowed", async () => {
    const ann = await server.signUp();
    const host = `192.0.2.7:${port}`;
    const call = (origin: string, name: string) =>
      post(
        "/rpc/user/updateProfile",
        host,
        origin,
        { json: { name, bio: "" } },
        {
          cookie: ann.cookie,
        },
      );
    expect((await call("http://evil.example", "Pwned")).status).toBe(403);
    expect((await usersWithEmail(ann.email))[0]?.name).not.toBe("Pwned");
    expect((await call(`http://${host}`, "Ann at home")).status).toBe(200);
    expect((await usersWithEmail(ann.email))[0]?.name).toBe("Ann at home");
  });

  it("a WebSocket from the page's own address connects; from another origin it is refused (403)", async () => {
    const ann = await server.signUp();
    const url = `${server.wsUrl}`;
    const own = await tryOpen(url, { cookie: ann.cookie, origin: `http://127.0.0.1:${port}` });
    expect("socket" in own).toBe(true);
    if ("socket" in own) await own.socket.close();
    const host = `localhost:${port}`;
    const viaName = await tryOpen(url.replace("127.0.0.1", "localhost"), {
      cookie: ann.cookie,
      origin: `http://${host}`,
    });
    expect("socket" in viaName).toBe(true);
    if ("socket" in viaName) await viaName.socket.close();
    const foreign = await tryOpen(url, { cookie: ann.cookie, origin: "http://evil.example" });
    expect(foreign).toEqual({ status: 403 });
    expect(REALTIME_PATH).toBe(new URL(url).pathname);
  });

  it("the reset link follows the address it was asked from; a redirect to another site is refused", async () => {
    const ann = await server.signUp();
    const host = `192.0.2.7:${port}`;
    const before = server.mails.length;
    const foreign = await post("/api/auth/request-password-reset", host, `http://${host}`, {
      email: ann.email,
      redirectTo: "https://evil.example/steal",
    });
    expect(foreign.status).toBe(403);
    expect(server.mails.length).toBe(before);
    const own = await post("/api/auth/request-password-reset", host, `http://${host}`, {
      email: ann.email,
      redirectTo: `http://${host}/reset-password`,
    });
    expect(own.status).toBe(200);
    const link = /https?:\/\/\S+/.exec(server.mails.at(-1)?.text ?? "")?.[0] ?? "";
    expect(new URL(link).host).toBe(host);
  });
});

describe("behind a trusted proxy that says https", () => {
  it("cookies get Secure; on plain http they do not", async () => {
    const host = `chat.example.com`;
    const signUp = (origin: string, proto: string) =>
      post(
        "/api/auth/sign-up/email",
        host,
        origin,
        {
          email: `proxied-${Math.random().toString(36).slice(2)}@example.com`,
          password: "password123",
          name: "Ann",
        },
        { "x-forwarded-proto": proto },
      );
    const secure = await signUp(`https://${host}`, "https");
    expect(secure.status).toBe(200);
    const cookies = [secure.headers["set-cookie"] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.every((c) => /;\s*Secure/i.test(c))).toBe(true);
    const plain = await signUp(`http://${host}`, "http");
    expect(plain.status).toBe(200);
    expect([plain.headers["set-cookie"] ?? []].flat().some((c) => /;\s*Secure/i.test(c))).toBe(
      false,
    );
  });
});
