import { describe, expect, it } from "vitest";
import { parseProxyTrust, type ProxyTrust } from "./proxy-trust";
import { createOriginPolicy, type RequestLike } from "./site-origin";

const request = (headers: RequestLike["headers"], remoteAddress = "127.0.0.1"): RequestLike => ({
  headers,
  socket: { remoteAddress },
});
const policy = (publicUrl: string | null, trust = "false", allowedOrigins: string[] = []) =>
  createOriginPolicy({
    publicUrl,
    allowedOrigins,
    trust: parseProxyTrust(trust) as ProxyTrust,
  });

describe("origin policy without PUBLIC_URL", () => {
  const origins = policy(null);

  it("allows a page of the address the request came to: localhost, 127.0.0.1, [::1], a LAN IP", () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "192.168.1.20:3000"]) {
      expect(origins.isAllowed(`http://${host}`, request({ host }))).toBe(true);
    }
  });

  it("refuses any other origin, and https pages on an http request", () => {
    const req = request({ host: "127.0.0.1:3000" });
    expect(origins.isAllowed("http://localhost:3000", req)).toBe(false);
    expect(origins.isAllowed("https://127.0.0.1:3000", req)).toBe(false);
    expect(origins.isAllowed("http://evil.example", req)).toBe(false);
    expect(origins.isAllowed("null", req)).toBe(false);
  });

  it("normalises the Host header as browsers write Origin (case, default port)", () => {
    expect(origins.isAllowed("http://chat.local", request({ host: "CHAT.local:80" }))).toBe(true);
  });

  it("refuses everything when the Host header is missing or malformed", () => {
    expect(origins.isAllowed("http://a", request({}))).toBe(false);
    expect(origins.siteOrigin(request({ host: "a b/c" }))).toBeNull();
  });

  it("takes scheme and host from a trusted proxy only", () => {
    const proxied = request({
      host: "127.0.0.1:3000",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "chat.example.com",
    });
    expect(policy(null, "true").siteOrigin(proxied)).toBe("https://chat.example.com");
    expect(policy(null, "true").isSecure(proxied)).toBe(true);
    // Without TRUST_PROXY the same headers are the client's word and change nothing.
    expect(origins.siteOrigin(proxied)).toBe("http://127.0.0.1:3000");
    expect(origins.isSecure(proxied)).toBe(false);
  });
});

describe("origin policy with PUBLIC_URL", () => {
  const origins = policy("https://chat.example.com", "false", ["https://admin.example.com"]);

  it("allows that origin and ALLOWED_ORIGINS alone, whatever the Host header says", () => {
    const req = request({ host: "127.0.0.1:3000" });
    expect(origins.isAllowed("https://chat.example.com", req)).toBe(true);
    expect(origins.isAllowed("https://admin.example.com", req)).toBe(true);
    expect(origins.isAllowed("http://127.0.0.1:3000", req)).toBe(false);
    expect(origins.siteOrigin(req)).toBe("https://chat.example.com");
    expect(origins.isSecure(req)).toBe(true);
  });
});
