/** The HTTP status an RPC call failed with (oRPC errors carry it), or null. */
export function rpcErrorStatus(error: unknown): number | null {
  if (typeof error === "object" && error !== null && "status" in error) {
    return typeof error.status === "number" ? error.status : null;
  }
  return null;
}

/**
 * What to tell a person whose call failed: the spec's text for the action, unless the server
 * asked them to slow down (429), which says more than "failed, try again" would.
 */
export function failureText(error: unknown, fallback: string): string {
  if (rpcErrorStatus(error) !== 429) return fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The server's message for a failed call, else a fallback. */
export function rpcErrorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
