import type { Agent } from "node:http";
import type { EventFrame, Region, StrangerRoom } from "@chatsphere/contract";
import { rpc } from "./clients";
import type { ClientSpec, PairsReport } from "./protocol";
import { nowUs } from "./stats";

const RETRY_MS = 200;

/**
 * A guest's stranger room as the guest knows it: the room of its last `stranger_matched`, and
 * whether that room has ended for it since.
 */
interface Current {
  roomId: string;
  ended: boolean;
}

/**
 * The stranger tab of many guests, as the web client drives it: `room.findStranger`, and on
 * `stranger_matched` the "Next" button (`room.skipStranger` with `requeueOther`, which puts
 * both back in the queue). Only one side of a pair (the smaller user id) presses Next; a guest
 * told `stranger_idle` (its 10 s wait ran out) looks again.
 *
 * It also checks that no guest is ever in two rooms at once. A room ends for a guest when the
 * guest sends skipStranger for it or a new findStranger (the server ends a chat it is still in
 * first), or is told `stranger_skipped` for it or `stranger_idle`. A `stranger_matched` for a
 * new room before that is a double match. The server publishes `stranger_skipped` to the
 * partner before it puts the partner back in the queue, on the connection that runs the queue's
 * scripts (one Redis connection per process keeps them in order), so whichever process matches
 * the partner next publishes its `stranger_matched` later, and the partner's process receives
 * both from Redis in that order: a correct server never trips the check.
 */
export class StrangerLoop {
  private running = false;
  private matches: [string, string, number][] = [];
  private rpcCalls = 0;
  private rpcErrors = 0;
  private firstError: string | undefined;
  private doubleMatches = 0;
  private firstDoubleMatch: string | undefined;
  private readonly current = new Map<string, Current>();
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
    const id = client.userId ?? "";
    if (frame.event === "stranger_matched") {
      const room = (frame.payload as { room: StrangerRoom }).room;
      this.matches.push([room.id, id, nowUs()]);
      const before = this.current.get(id);
      if (before && before.roomId !== room.id && !before.ended) {
        this.doubleMatches++;
        this.firstDoubleMatch ??= `${id} matched into ${room.id} while still in ${before.roomId}`;
      }
      this.current.set(id, { roomId: room.id, ended: false });
      if (id < room.partner.id) {
        const input = { roomId: room.id, continent: this.options.continent, requeueOther: true };
        this.call(client, () => {
          this.ended(id, room.id);
          return this.rpc(client, "room/skipStranger", input);
        });
      }
    } else if (frame.event === "stranger_skipped") {
      this.ended(id, (frame.payload as { roomId: string }).roomId);
    } else if (frame.event === "stranger_idle") {
      this.ended(id);
      this.find(client);
    }
  }

  /** The guest's room (`roomId`, or whichever it is in) has ended for it. */
  private ended(userId: string, roomId?: string) {
    const current = this.current.get(userId);
    if (current && (roomId === undefined || current.roomId === roomId)) current.ended = true;
  }

  report(reset: boolean): PairsReport {
    const report: PairsReport = {
      matches: this.matches,
      rpcCalls: this.rpcCalls,
      rpcErrors: this.rpcErrors,
      ...(this.firstError ? { firstError: this.firstError } : {}),
      doubleMatches: this.doubleMatches,
      ...(this.firstDoubleMatch ? { firstDoubleMatch: this.firstDoubleMatch } : {}),
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
    this.call(client, () => {
      // Looking again ends a chat the guest is still in (the server's "busy" case).
      this.ended(client.userId ?? "");
      return this.rpc(client, "room/findStranger", input);
    });
  }

  private rpc(client: ClientSpec, path: string, input: unknown) {
    this.rpcCalls++;
    const rpcUrl = client.rpcOrigin ? `${client.rpcOrigin}/rpc` : this.options.rpcUrl;
    return rpc(this.agent, rpcUrl, path, input, {
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
