import type { Agent } from "node:http";
import type { EventFrame, Region, StrangerRoom } from "@chatsphere/contract";
import { rpc } from "./clients";
import type { ClientSpec, PairsReport } from "./protocol";
import { nowUs } from "./stats";

const RETRY_MS = 200;

/**
 * The stranger tab of many guests, as the web client drives it: `room.findStranger`, and on
 * `stranger_matched` the "Next" button (`room.skipStranger` with `requeueOther`, which puts
 * both back in the queue). Only one side of a pair (the smaller user id) presses Next; a guest
 * told `stranger_idle` (its 10 s wait ran out) looks again.
 */
export class StrangerLoop {
  private running = false;
  private matches: [string, number][] = [];
  private rpcCalls = 0;
  private rpcErrors = 0;
  private firstError: string | undefined;
  private readonly busy = new Set<string>();
  private readonly queued = new Map<string, () => Promise<unknown>>();

  constructor(
    private readonly agent: Agent,
    private readonly options: { rpcUrl: string; origin: string; continent: Region },
  ) {}

  start(clients: ClientSpec[]) {
    this.running = true;
    for (const client of clients) this.find(client);
  }

  stop() {
    this.running = false;
    this.queued.clear();
  }

  /** Handles an event of a client's own channel. */
  event(client: ClientSpec, frame: EventFrame) {
    if (!this.running) return;
    if (frame.event === "stranger_matched") {
      const room = (frame.payload as { room: StrangerRoom }).room;
      this.matches.push([room.id, nowUs()]);
      if ((client.userId ?? "") < room.partner.id) {
        const input = { roomId: room.id, continent: this.options.continent, requeueOther: true };
        this.call(client, () => this.rpc(client, "room/skipStranger", input));
      }
    } else if (frame.event === "stranger_idle") {
      this.find(client);
    }
  }

  report(reset: boolean): PairsReport {
    const report: PairsReport = {
      matches: this.matches,
      rpcCalls: this.rpcCalls,
      rpcErrors: this.rpcErrors,
      ...(this.firstError ? { firstError: this.firstError } : {}),
    };
    if (reset) {
      this.matches = [];
      this.rpcCalls = 0;
      this.rpcErrors = 0;
    }
    return report;
  }

  private find(client: ClientSpec) {
    const input = { continent: this.options.continent };
    this.call(client, () => this.rpc(client, "room/findStranger", input));
  }

  private rpc(client: ClientSpec, path: string, input: unknown) {
    this.rpcCalls++;
    return rpc(this.agent, this.options.rpcUrl, path, input, {
      cookie: client.cookie ?? "",
      origin: this.options.origin,
      ...(client.ip ? { ip: client.ip } : {}),
    });
  }

  /** One call in flight per client; a later one waits for it (the newest wins). */
  private call(client: ClientSpec, run: () => Promise<unknown>) {
    const id = client.userId ?? "";
    if (!this.running) return;
    if (this.busy.has(id)) return void this.queued.set(id, run);
    this.busy.add(id);
    run()
      .catch((error: unknown) => {
        this.rpcErrors++;
        this.firstError ??= String(error);
        // Whatever went wrong, this guest starts over by looking for someone new.
        if (!this.queued.has(id)) {
          setTimeout(() => this.find(client), RETRY_MS);
        }
      })
      .finally(() => {
        this.busy.delete(id);
        const next = this.queued.get(id);
        if (next) {
          this.queued.delete(id);
          this.call(client, next);
        }
      });
  }
}
