import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type {
  ClientSpec,
  DeliveryReport,
  OpenResult,
  StatusReport,
  Target,
  WorkerCommand,
  WorkerReply,
  WorkerRequest,
} from "./protocol";
import { coresOf, onCleanup, stopChild } from "./proc";
import type { DeliverySample } from "./sched-trace";
import { Histogram } from "./stats";

const WORKER = fileURLToPath(new URL("./worker.ts", import.meta.url));

/** Sockets per generator process: well below its 20 000 open files. */
export const SOCKETS_PER_WORKER = 5000;

class Worker {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();

  constructor(readonly child: ChildProcess) {
    child.on("message", (reply: WorkerReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new Error(reply.error));
    });
    child.once("exit", (code, signal) => {
      for (const waiter of this.pending.values()) {
        waiter.reject(new Error(`generator worker exited (${code ?? signal})`));
      }
      this.pending.clear();
    });
  }

  get pid() {
    return this.child.pid ?? 0;
  }

  call<T>(command: WorkerCommand): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      const request: WorkerRequest = { id, command };
      this.child.send(request, (error) => {
        if (error) {
          this.pending.delete(id);
          reject(error);
        }
      });
    });
  }
}

/**
 * The load generator's processes. They inherit this process's pinning to the generator core
 * (see run.ts), which `coresOf` confirms.
 */
export class WorkerPool {
  private constructor(
    private readonly workers: Worker[],
    readonly stop: () => Promise<void>,
  ) {}

  static async start(count: number): Promise<WorkerPool> {
    // Extra Node flags for the generator processes, e.g. BENCH_WORKER_NODE_ARGS="--cpu-prof".
    const extra = (process.env.BENCH_WORKER_NODE_ARGS ?? "").split(" ").filter(Boolean);
    const workers = Array.from({ length: count }, () => {
      const child = spawn(process.execPath, [...extra, "--import", "tsx", WORKER], {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      return new Worker(child);
    });
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            w.child.once("spawn", () => resolve());
            w.child.once("error", reject);
          }),
      ),
    );
    const stop = onCleanup("generator workers", async () => {
      await Promise.all(workers.map((w) => stopChild(w.child, 2000)));
    });
    return new WorkerPool(workers, stop);
  }

  get pids() {
    return this.workers.map((w) => w.pid);
  }

  get cores() {
    return [...new Set(this.pids.map(coresOf))].join(",");
  }

  /** The same command to every worker. */
  all<T>(command: WorkerCommand | ((index: number) => WorkerCommand)): Promise<T[]> {
    return Promise.all(
      this.workers.map((w, i) => w.call<T>(typeof command === "function" ? command(i) : command)),
    );
  }

  /**
   * Opens the clients, dealt round-robin over the workers (so every room spans processes),
   * `concurrency` handshakes in flight in all.
   */
  async open(options: {
    target: Target;
    url: string;
    origin: string;
    clients: ClientSpec[];
    concurrency: number;
  }): Promise<OpenResult> {
    const n = this.workers.length;
    const results = await this.all<OpenResult>((i) => ({
      cmd: "open",
      target: options.target,
      url: options.url,
      origin: options.origin,
      clients: options.clients.filter((_, index) => index % n === i),
      concurrency: Math.max(1, Math.ceil(options.concurrency / n)),
    }));
    return results.reduce(
      (sum, r) => ({
        opened: sum.opened + r.opened,
        failed: sum.failed + r.failed,
        ...((sum.firstError ?? r.firstError) ? { firstError: sum.firstError ?? r.firstError } : {}),
      }),
      { opened: 0, failed: 0 },
    );
  }

  async deliveries() {
    const reports = await this.all<DeliveryReport>({ cmd: "report" });
    const histogram = new Histogram();
    let deliveries = 0;
    const samples: DeliverySample[] = [];
    for (const report of reports) {
      histogram.merge(report.histogram, report.maxUs);
      deliveries += report.deliveries;
      const pairs = report.samples ?? [];
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        samples.push({ sentUs: pairs[i] ?? 0, receivedUs: pairs[i + 1] ?? 0, worker: report.pid });
      }
    }
    return { deliveries, histogram, samples };
  }

  /**
   * Waits until no message has arrived for `quietMs` (a second by default; at most `maxMs`):
   * what a server still had queued must not spill into the next measurement.
   */
  async drain(maxMs = 60_000, quietMs = 1000) {
    const deadline = Date.now() + maxMs;
    let last = -1;
    for (;;) {
      const { deliveries } = await this.status();
      if (deliveries === last || Date.now() > deadline) return;
      last = deliveries;
      await new Promise((resolve) => setTimeout(resolve, quietMs));
    }
  }

  async status(): Promise<StatusReport> {
    const reports = await this.all<StatusReport>({ cmd: "status" });
    const closeCodes: Record<string, number> = {};
    for (const r of reports) {
      for (const [code, count] of Object.entries(r.closeCodes)) {
        closeCodes[code] = (closeCodes[code] ?? 0) + count;
      }
    }
    return {
      deliveries: reports.reduce((s, r) => s + r.deliveries, 0),
      open: reports.reduce((s, r) => s + r.open, 0),
      closed: reports.reduce((s, r) => s + r.closed, 0),
      closeCodes,
    };
  }
}
