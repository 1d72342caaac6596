import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";

/**
 * Listens on `host`, or when none is configured on every interface of both IP versions
 * (`::` accepts IPv4 too on a dual-stack system), so `http://127.0.0.1`, `http://[::1]` and a
 * LAN address all reach the server. Where IPv6 is switched off, IPv4's `0.0.0.0` is used.
 */
export async function listen(server: Server, port: number, host?: string): Promise<AddressInfo> {
  const attempt = (address: string) =>
    new Promise<AddressInfo>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      server.once("error", onError);
      server.listen(port, address, () => {
        server.off("error", onError);
        resolve(server.address() as AddressInfo);
      });
    });
  if (host) return attempt(host);
  try {
    return await attempt("::");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EAFNOSUPPORT" && code !== "EADDRNOTAVAIL") throw error;
    return attempt("0.0.0.0");
  }
}

/** The addresses people can open, for the start-up log: loopback first, then the LAN. */
export function reachableUrls(address: AddressInfo): string[] {
  const port = address.port;
  const wildcard = address.address === "::" || address.address === "0.0.0.0";
  if (!wildcard) {
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    return [`http://${host}:${port}`];
  }
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && entry.family === "IPv4")
    .map((entry) => `http://${entry?.address}:${port}`);
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...lan];
}
