import { BlockList, isIP } from "node:net";

/**
 * Which reverse proxies stand in front of the server (`TRUST_PROXY`): none, a number of hops,
 * or a list of proxy addresses and ranges. Only what those proxies wrote into
 * `X-Forwarded-For` / `-Proto` / `-Host` is believed; everything to the left of them was
 * written by the client and is ignored (decision 0014).
 */
export type ProxyTrust =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; list: BlockList; entries: string[] };

export const NO_PROXY: ProxyTrust = { kind: "none" };

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is `10.0.0.1`. */
export const plainAddress = (address: string) =>
  address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

/**
 * Parses `TRUST_PROXY`: `false`/`0` (none), `true` (one proxy, the common case), a hop count,
 * or comma-separated addresses and CIDR ranges (`10.0.0.1, 192.168.0.0/16, ::1`).
 * Returns an error text for anything else.
 */
export function parseProxyTrust(value: string): ProxyTrust | string {
  const text = value.trim().toLowerCase();
  if (text === "" || text === "false") return NO_PROXY;
  if (text === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) return "a hop count must be at most 32";
    return hops === 0 ? NO_PROXY : { kind: "hops", hops };
  }
  const list = new BlockList();
  const entries = text.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = "", bits, extra] = entry.split("/");
    const family = isIP(address);
    const prefix = Number(bits);
    const maxBits = family === 4 ? 32 : 128;
    if (family === 0 || extra !== undefined) return `"${entry}" is not an address or a range`;
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else if (/^\d+$/.test(bits) && prefix <= maxBits) list.addSubnet(address, prefix, type);
    else return `"${entry}" has an invalid prefix length`;
  }
  return { kind: "addresses", list, entries };
}

function isTrusted(trust: ProxyTrust, address: string): boolean {
  if (trust.kind !== "addresses") return trust.kind === "hops";
  const family = isIP(address);
  return family !== 0 && trust.list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Whether the peer of this connection is one of our proxies (so its X-Forwarded-* count). */
export function isFromTrustedProxy(trust: ProxyTrust, socketAddress: string | undefined) {
  return socketAddress !== undefined && isTrusted(trust, plainAddress(socketAddress));
}

/**
 * The caller's address: walking the chain `X-Forwarded-For..., socket peer` from the right,
 * the first hop that is not a trusted proxy. A client can prepend anything it likes to
 * `X-Forwarded-For`, but it cannot change what our proxies appended after it.
 */
export function clientAddress(
  trust: ProxyTrust,
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
): string {
  const peer = plainAddress(socketAddress ?? "unknown");
  if (trust.kind === "none" || !forwardedFor) return peer;
  const chain = [
    ...forwardedFor
      .split(",")
      .map((entry) => plainAddress(entry.trim()))
      .filter(Boolean),
    peer,
  ];
  if (trust.kind === "hops") return chain[Math.max(0, chain.length - 1 - trust.hops)] ?? peer;
  for (let i = chain.length - 1; i > 0; i--) {
    const hop = chain[i] ?? peer;
    if (!isTrusted(trust, hop)) return hop;
  }
  return chain[0] ?? peer;
}

/** The last value of a comma-separated forwarded header: what our nearest proxy wrote. */
export function lastForwarded(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(",") : value;
  const last = joined?.split(",").at(-1)?.trim();
  return last || undefined;
}
