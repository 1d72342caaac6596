import { afterEach, describe, expect, it, vi } from "vitest";
import { parseJSON } from "better-auth/client";
import { fetchSession, parseSession } from "./fetch-session";

const body = JSON.stringify({
  session: {
    id: "s1",
    userId: "u1",
    expiresAt: "2026-12-01T10:00:00.000Z",
    createdAt: "2026-11-24T10:00:00.123Z",
    token: "t",
  },
  user: {
    id: "u1",
    name: "Guest 2026-11-24T10:00:00Z",
    email: "a@example.com",
    image: null,
    isAnonymous: true,
    role: "user",
    createdAt: "2026-11-24T10:00:00Z",
    updatedAt: "2026-11-24T12:00:00+02:00",
    banned: false,
  },
});

const respond = (status: number, text: string, statusText = "") =>
  vi.fn(async () => new Response(text, { status, statusText }));

afterEach(() => vi.unstubAllGlobals());

describe("parseSession", () => {
  it("reads the session as better-auth's client does, dates as dates", () => {
    const session = parseSession(body);
    expect(session).toEqual(parseJSON(body, { strict: false }));
    expect(session?.user.createdAt).toBeInstanceOf(Date);
    expect(session?.user.updatedAt.toISOString()).toBe("2026-11-24T10:00:00.000Z");
    expect(session?.session.expiresAt.toISOString()).toBe("2026-12-01T10:00:00.000Z");
  });

  it("leaves strings that are not whole timestamps alone", () => {
    expect(parseSession(body)?.user.name).toBe("Guest 2026-11-24T10:00:00Z");
  });

  it("is null when signed out (a null or empty body)", () => {
    expect(parseSession("null")).toBeNull();
    expect(parseSession("")).toBeNull();
  });
});

describe("fetchSession", () => {
  it("asks the auth endpoint with the cookies", async () => {
    const fetch = respond(200, body);
    vi.stubGlobal("fetch", fetch);
    const session = await fetchSession();
    expect(session?.user.id).toBe("u1");
    expect(fetch).toHaveBeenCalledWith(
      "/api/auth/get-session",
      expect.objectContaining({ credentials: "include" }),
    );
  });

  it("is null when nobody is signed in", async () => {
    vi.stubGlobal("fetch", respond(200, "null"));
    await expect(fetchSession()).resolves.toBeNull();
  });

  it("fails with the server's message, else the status text", async () => {
    vi.stubGlobal("fetch", respond(429, JSON.stringify({ message: "Too many requests" })));
    await expect(fetchSession()).rejects.toThrow("Too many requests");
    vi.stubGlobal("fetch", respond(502, "<html>Bad gateway</html>", "Bad Gateway"));
    await expect(fetchSession()).rejects.toThrow("Bad Gateway");
  });
});
