import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION } from "@chatsphere/contract";
import { user } from "../src/db/schema";
import { createTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("HTTP surface", () => {
  it("answers /healthz when ready", async () => {
    const response = await server.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it.each([
    ["a page or health check", "/healthz", "GET"],
    ["an RPC call", "/rpc/user/checkEmailExists", "POST"],
  ])("sends security headers on every response: %s", async (_kind, pathname, method) => {
    const response = await server.request(pathname, {
      method,
      headers: { "content-type": "application/json" },
      body: method === "POST" ? JSON.stringify({ json: { email: "a@example.com" } }) : undefined,
    });
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("refuses an RPC mutation from a foreign origin (403) and changes nothing", async () => {
    const ann = await server.signUp();
    const response = await server.request("/rpc/user/updateProfile", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: ann.cookie,
        origin: "https://evil.example",
      },
      body: JSON.stringify({ json: { name: "Pwned", bio: "" } }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ json: { message: PERMISSION.foreignOrigin } });
    const [row] = await server.runtime.services.db.select().from(user).where(eq(user.id, ann.id));
    expect(row?.name).not.toBe("Pwned");
  });

  it("refuses a cross-site fetch even without an Origin header", async () => {
    const response = await server.request("/rpc/user/getBio", {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site", origin: "http://localhost:3000" },
    });
    expect(response.status).toBe(403);
  });

  it("does not run procedures through GET (a link cannot trigger a mutation)", async () => {
    const ann = await server.signUp();
    const data = encodeURIComponent(JSON.stringify({ json: { name: "ViaGet", bio: "" } }));
    const response = await server.request(`/rpc/user/updateProfile?data=${data}`, {
      headers: { cookie: ann.cookie },
    });
    expect(response.status).toBe(405);
    const [row] = await server.runtime.services.db.select().from(user).where(eq(user.id, ann.id));
    expect(row?.name).not.toBe("ViaGet");
  });

  it("answers an unknown procedure with 404 in the RPC error shape", async () => {
    const response = await server.request("/rpc/nothing/here", { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ json: { code: "NOT_FOUND", status: 404 } });
  });

  it("refuses auth calls from a foreign origin (403, no account made)", async () => {
    const response = await server.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ email: "x@example.com", password: "password123", name: "x" }),
    });
    expect(response.status).toBe(403);
    const rows = await server.runtime.services.db
      .select()
      .from(user)
      .where(eq(user.email, "x@example.com"));
    expect(rows).toEqual([]);
  });
});

describe("request size", () => {
  it("refuses an oversized RPC body (413) before any procedure runs", async () => {
    const ann = await server.signUp();
    const response = await server.request("/rpc/user/updateProfile", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: ann.cookie },
      body: JSON.stringify({ json: { name: "Big", bio: "x".repeat(300 * 1024) } }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      json: { code: "PAYLOAD_TOO_LARGE", status: 413 },
    });
    const [row] = await server.runtime.services.db.select().from(user).where(eq(user.id, ann.id));
    expect(row?.name).not.toBe("Big");
  });

  it("cuts off an oversized RPC body sent without a length (413), changing nothing", async () => {
    const ann = await server.signUp();
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0)
          controller.enqueue(new TextEncoder().encode('{"json":{"name":"Big","bio":"'));
        if (sent++ < 8) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode('"}}'));
          controller.close();
        }
      },
    });
    const response = await server.request("/rpc/user/updateProfile", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: ann.cookie },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    const [row] = await server.runtime.services.db.select().from(user).where(eq(user.id, ann.id));
    expect(row?.name).not.toBe("Big");
  });
});

describe("auth request size", () => {
  it("refuses an oversized auth body (413) before better-auth reads it", async () => {
    const response = await server.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.com", password: "x".repeat(300 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});
