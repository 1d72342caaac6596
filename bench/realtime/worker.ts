/**
 * A load-generator process (pinned to the generator core by its parent). It holds a share of
 * the simulated clients, times every message they receive and answers its parent over IPC.
 * Several of them spread the sockets over processes, because one process may hold at most
 * ~20 000 open files in this sandbox.
 */
import type { EventFrame } from "@chatsphere/contract";
import { createAgent } from "./clients";
import type {
  ClientSpec,
  DeliveryReport,
  OpenResult,
  StatusReport,
  WorkerCommand,
  WorkerReply,
  WorkerRequest,
} from "./protocol";
import { Sender } from "./sender";
import { openClient, type BenchSocket, type Sink } from "./sockets";
import { Histogram, nowUs } from "./stats";
import { StrangerLoop } from "./stranger-loop";

const histogram = new Histogram();
let deliveries = 0;
/** Send and receive times of every delivery, in pairs, when the last reset asked for them. */
let samples: number[] | null = null;
let sockets: BenchSocket[] = [];
let closed = 0;
const closeCodes: Record<string, number> = {};
let stranger: StrangerLoop | null = null;
let sender: Sender | null = null;
const rpcAgent = createAgent(64);

const sink: Sink = {
  delivery(sentUs) {
    deliveries++;
    const now = nowUs();
    histogram.record(now - sentUs);
    samples?.push(sentUs, now);
  },
  event(spec: ClientSpec, frame: EventFrame) {
    stranger?.event(spec, frame);
  },
  closed(code) {
    closed++;
    closeCodes[code] = (closeCodes[code] ?? 0) + 1;
  },
};

async function open(command: Extract<WorkerCommand, { cmd: "open" }>): Promise<OpenResult> {
  const result: OpenResult = { opened: 0, failed: 0 };
  let next = 0;
  const lane = async () => {
    while (next < command.clients.length) {
      const spec = command.clients[next++];
      if (!spec) break;
      try {
        sockets.push(await openClient(command.target, command.url, command.origin, spec, sink));
        result.opened++;
      } catch (error) {
        result.failed++;
        result.firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, lane));
  return result;
}

async function handle(command: WorkerCommand): Promise<unknown> {
  switch (command.cmd) {
    case "open":
      return open(command);
    case "reset":
      histogram.reset();
      deliveries = 0;
      samples = command.samples ? [] : null;
      return null;
    case "report": {
      const report: DeliveryReport = {
        deliveries,
        histogram: histogram.toSparse(),
        maxUs: histogram.max,
        pid: process.pid,
        ...(samples ? { samples } : {}),
      };
      return report;
    }
    case "status": {
      const status: StatusReport = {
        deliveries,
        open: sockets.length - closed,
        closed,
        closeCodes,
      };
      return status;
    }
    case "closeAll":
      stranger?.stop();
      sender?.stop();
      sender = null;
      for (const socket of sockets) socket.close();
      sockets = [];
      // Let the close events run before the counters start over.
      await new Promise((resolve) => setTimeout(resolve, 500));
      closed = 0;
      for (const code of Object.keys(closeCodes)) delete closeCodes[code];
      return null;
    case "pairsStart":
      stranger = new StrangerLoop(rpcAgent, command);
      stranger.start(sockets.map((s) => s.spec));
      return null;
    case "pairsReport":
      return stranger?.report(true) ?? null;
    case "pairsStop":
      stranger?.stop();
      return stranger?.report(true) ?? null;
    case "sendStart":
      sender?.stop();
      sender = new Sender(sockets, command, rpcAgent);
      return sender.start();
    case "sendStatus":
      return sender?.report() ?? null;
    case "sendStop":
      // Stops pacing; sends still in flight are counted by a later sendStatus.
      return sender?.stop() ?? null;
  }
}

process.on("message", (request: WorkerRequest) => {
  handle(request.command).then(
    (result) => reply({ id: request.id, ok: true, result }),
    (error: unknown) => reply({ id: request.id, ok: false, error: String(error) }),
  );
});

function reply(message: WorkerReply) {
  process.send?.(message);
}

// The parent went away (finished, or killed) or stops us: nothing left to do here.
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
