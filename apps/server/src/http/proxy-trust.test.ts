import { describe, expect, it } from "vitest";
import { clientAddress, parseProxyTrust, type ProxyTrust } from "./proxy-trust";

const trust = (value: string) => parseProxyTrust(value) as ProxyTrust;

describe("clientAddress", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress(trust("false"), "1.2.3.4", "203.0.113.9")).toBe("203.0.113.9");
  });

  it("is the hop our one proxy appended, not the leftmost entry a client wrote", () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; nginx appended the real peer.
    expect(clientAddress(trust("true"), "6.6.6.6, 198.51.100.7", "10.0.0.2")).toBe("198.51.100.7");
    expect(clientAddress(trust("1"), "198.51.100.7", "10.0.0.2")).toBe("198.51.100.7");
  });

  it("counts hops from the right", () => {
    expect(clientAddress(trust("2"), "6.6.6.6, 198.51.100.7, 10.0.0.3", "10.0.0.2")).toBe(
      "198.51.100.7",
    );
    // Fewer entries than hops: the leftmost is all there is.
    expect(clientAddress(trust("3"), "198.51.100.7", "10.0.0.2")).toBe("198.51.100.7");
  });

  it("skips trusted proxy addresses and ranges from the right and stops at the first other", () => {
    const proxies = trust("10.0.0.0/8, 192.0.2.1");
    expect(clientAddress(proxies, "6.6.6.6, 198.51.100.7, 192.0.2.1", "10.1.2.3")).toBe(
      "198.51.100.7",
    );
    // A client that talks to us directly is its own address, X-Forwarded-For or not.
    expect(clientAddress(proxies, "6.6.6.6", "203.0.113.9")).toBe("203.0.113.9");
  });

  it("reads an IPv4 peer of a dual-stack socket as plain IPv4", () => {
    expect(clientAddress(trust("false"), undefined, "::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(clientAddress(trust("127.0.0.1"), "198.51.100.7", "::ffff:127.0.0.1")).toBe(
      "198.51.100.7",
    );
  });
});
