import type { Redis } from "ioredis";

type SendCommand = Redis["sendCommand"];

/**
 * The commands a client is given in one turn of the event loop (a burst of sends' rate-limit
 * checks and publishes) leave in one write (writev) instead of one system call each: the
 * client's socket is corked at the turn's first command and uncorked when the turn's I/O is
 * done (setImmediate, as ioredis's own auto-pipelining waits). Order and replies are those of
 * single commands.
 *
 * Instead of ioredis's auto-pipelining, which builds a Pipeline per turn: its constructor
 * defines `length` on each instance with a closure of its own, so every Pipeline gets a hidden
 * class of its own in a transition tree that lives for the process. Scavenges keep whatever
 * such a map reaches alive (the Pipeline, its commands, their promises and arguments) until a
 * mark-compact: at 1 000 sends/s the old generation grew by ~10 MB/s of them, and the
 * mark-compacts that followed were the p99's spikes (decision 0035).
 */
export function coalesceWrites(client: Redis): void {
  const send: SendCommand = client.sendCommand.bind(client);
  let corked: Redis["stream"] | null = null;
  const uncork = () => {
    const socket = corked;
    corked = null;
    socket?.uncork();
  };
  client.sendCommand = ((command, stream) => {
    // A command written to another stream (a MULTI's) or queued while offline is not ours.
    const socket = client.stream;
    if (!stream && !corked && client.status === "ready" && socket?.writable) {
      socket.cork();
      corked = socket;
      setImmediate(uncork);
    }
    return send(command, stream);
  }) as SendCommand;
}
