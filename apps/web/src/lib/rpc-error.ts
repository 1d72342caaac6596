/** The HTTP status an RPC call failed with (oRPC errors carry it), or null. */
export function rpcErrorStatus(error: unknown): number | null {
  if (typeof error === "object" && error !== null && "status" in error) {
    return typeof error.status === "number" ? error.status : null;
  }
  return null;
}

/** The server's message for a failed call, else a fallback. */
export function rpcErrorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
