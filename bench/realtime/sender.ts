import type { Agent } from "node:http";
import { rpc } from "./clients";
import { messageText, type SendStatus, type SendTransport } from "./protocol";
import { Pacer } from "./publisher";
import type { BenchSocket } from "./sockets";
import { nowUs } from "./stats";

/**
 * Sends one worker keeps unanswered at most. A server that falls behind would otherwise
 * collect a backlog (HTTP requests queue in the agent and the kernel) that it still works
 * through minutes later, in the next window, and socket calls would time out in the queue;
 * past the cap a due send is skipped and counted. With 4 workers that is 512 in flight:
 * 100 ms worth at 5 000 sends/s, far above what a server keeping up has (10 ms: 50).
 */
export const MAX_IN_FLIGHT_PER_WORKER = 128;

/**
 * The sending side of the full send path, in a generator worker: the members this worker
 * holds send chat messages into their room at an even pace, taking turns (every member of
 * every room sends, so no one user comes near message.send's per-user limit). Each text is
 * MESSAGE_BYTES long (words: protocol.ts messageText) and starts with its send time, which
 * every receiver (the sender's own socket included) reads back.
 */
export class Sender {
  private readonly pacer: Pacer;
  private readonly status: SendStatus;

  constructor(
    sockets: BenchSocket[],
    options: { transport: SendTransport; perSecond: number; roomPrefix: string; origin: string },
    agent: Agent,
  ) {
    const senders = sockets.flatMap((socket) => {
      const room = socket.spec.rooms.find((r) => r.startsWith(options.roomPrefix));
      return room ? [{ socket, room }] : [];
    });
    // Checked here, so that a wrong setup fails the sendStart command, not a timer later.
    for (const { socket } of senders) {
      if (options.transport === "socket" && !socket.sendMessage) {
        throw new Error("this server's clients cannot send over their socket");
      }
      if (options.transport === "http" && !socket.spec.cookie) {
        throw new Error("an HTTP send needs the member's session cookie");
      }
    }
    this.status = {
      senders: senders.length,
      sent: 0,
      dropped: 0,
      skippedBehind: 0,
      answered: 0,
      failed: 0,
    };
    const send = (index: number): Promise<unknown> | undefined => {
      const sender = senders[index];
      if (!sender) return undefined;
      const stamp = `${nowUs()} ${this.status.sent} `;
      const content = messageText(stamp);
      const { socket, room } = sender;
      if (options.transport === "socket") return socket.sendMessage?.(room, content);
      const { cookie = "", ip } = socket.spec;
      return rpc(
        agent,
        `${options.origin}/rpc`,
        "message/send",
        { roomId: room, content },
        { cookie, origin: options.origin, ...(ip ? { ip } : {}) },
      );
    };
    // The pacer goes round-robin over its keys: here the senders' indexes.
    const keys = senders.map((_, i) => String(i));
    this.pacer = new Pacer(options.perSecond, keys, (key) => {
      const inFlight = this.status.sent - this.status.answered - this.status.failed;
      if (inFlight >= MAX_IN_FLIGHT_PER_WORKER) {
        this.status.skippedBehind++;
        return;
      }
      this.status.sent++;
      const sent = send(Number(key));
      if (!sent) return;
      sent.then(
        () => this.status.answered++,
        (error: unknown) => {
          this.status.failed++;
          this.status.firstError ??= String(error);
        },
      );
    });
  }

  start() {
    if (this.status.senders > 0) this.pacer.start();
    return this.report();
  }

  report(): SendStatus {
    return { ...this.status, dropped: this.pacer.dropped };
  }

  stop() {
    this.pacer.stop();
    return this.report();
  }
}
