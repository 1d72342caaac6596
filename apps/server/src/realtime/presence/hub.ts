import type { PresenceEntry, PresenceFrame, PresenceStatus } from "@chatsphere/contract";
import type { Logger } from "../../logger";
import type { PresenceBackend, PresenceMode } from "./types";
import { applyRead, emptyView, type View } from "./view";

/** Interval between the slices of a spread re-read of all channels. */
const REFRESH_STEP_MS = 100;

interface LocalUser {
  connections: number;
  entry: PresenceEntry;
}

export interface PresenceHubOptions {
  /** Built with the hub, because the in-process backend reads the hub's own table. */
  backend(hub: PresenceHub): PresenceBackend;
  /** Sends bytes to this process's subscribers of a channel. */
  broadcast(channel: string, data: Buffer): void;
  logger: Logger;
  /** Changes are coalesced: at most one frame per channel per delay. */
  delays: Record<PresenceMode, number>;
}

/**
 * Presence per channel: who is here (list channels) or how many (count channels). Joins
 * and leaves are counted per user, not per connection, so a second tab is not a second
 * person. Changes are coalesced and sent as diffs computed against what subscribers last got.
 */
export class PresenceHub {
  private readonly local = new Map<string, Map<string, LocalUser>>();
  private readonly views = new Map<string, View>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly backend: PresenceBackend;
  private refreshTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: PresenceHubOptions) {
    this.backend = options.backend(this);
  }

  localEntries(channel: string): PresenceEntry[] {
    const users = this.local.get(channel);
    return users ? [...users.values()].map((u) => u.entry) : [];
  }

  localCount(channel: string): number {
    return this.local.get(channel)?.size ?? 0;
  }

  join(channel: string, user: Omit<PresenceEntry, "status">, status: PresenceStatus = "online") {
    let users = this.local.get(channel);
    if (!users) this.local.set(channel, (users = new Map()));
    const existing = users.get(user.userId);
    if (existing) {
      existing.connections++;
      return;
    }
    const entry = { ...user, status };
    users.set(user.userId, { connections: 1, entry });
    this.write(channel, user.userId, entry, false);
  }

  track(channel: string, userId: string, status: PresenceStatus) {
    const local = this.local.get(channel)?.get(userId);
    if (!local || local.entry.status === status) return;
    local.entry = { ...local.entry, status };
    this.write(channel, userId, local.entry, false);
  }

  /** The user's name or picture changed: their entries on these channels say so (diffs upsert). */
  rename(
    channels: Iterable<string>,
    userId: string,
    profile: { name: string; image: string | null },
  ) {
    for (const channel of channels) {
      const local = this.local.get(channel)?.get(userId);
      if (!local) continue;
      if (local.entry.name === profile.name && local.entry.image === profile.image) continue;
      local.entry = { ...local.entry, name: profile.name, image: profile.image };
      this.write(channel, userId, local.entry, false);
    }
  }

  leave(channel: string, userId: string) {
    const users = this.local.get(channel);
    const local = users?.get(userId);
    if (!users || !local) return;
    if (--local.connections > 0) return;
    users.delete(userId);
    const lastHere = users.size === 0;
    if (lastHere) this.local.delete(channel);
    this.write(channel, userId, null, lastHere);
  }

  /** Loads this process's view of a channel (once) so a new subscriber can get a snapshot. */
  async ready(channel: string, mode: PresenceMode): Promise<void> {
    if (this.views.has(channel)) return;
    let pending = this.loading.get(channel);
    if (!pending) {
      pending = this.load(channel, mode).finally(() => this.loading.delete(channel));
      this.loading.set(channel, pending);
    }
    await pending;
  }

  /**
   * What a new subscriber gets: a fresh read, so it includes the subscriber's own join even
   * while the coalesced diff for everyone else is still pending. Later diffs are idempotent
   * against it (joins upsert, leaves remove).
   */
  async snapshot(channel: string, mode: PresenceMode): Promise<PresenceFrame> {
    const result = await this.backend.read(channel, mode);
    if (typeof result === "number") return { type: "presence", channel, count: result };
    return { type: "presence", channel, count: result.length, state: result };
  }

  /** This process has no subscriber of the channel any more. */
  release(channel: string) {
    const view = this.views.get(channel);
    if (!view) return;
    if (view.timer) clearTimeout(view.timer);
    this.views.delete(channel);
    this.backend.unwatch(channel);
  }

  /** Another process changed the channel (or its presence may have expired): re-read soon. */
  changed(channel: string) {
    const view = this.views.get(channel);
    if (!view) return;
    if (view.timer || view.flushing) {
      view.dirty = true;
      return;
    }
    view.timer = setTimeout(() => void this.flush(channel, view), this.options.delays[view.mode]);
  }

  /**
   * Re-reads every watched channel within `spreadMs` (processes may have died), a slice every
   * REFRESH_STEP_MS: reading them all at once stalls the event loop for tens of milliseconds
   * with a few hundred channels, and every message waits behind that.
   */
  refreshAll(spreadMs: number) {
    this.stopRefresh();
    const channels = [...this.views.keys()];
    if (channels.length === 0) return;
    const steps = Math.max(1, Math.floor(spreadMs / REFRESH_STEP_MS));
    const perStep = Math.ceil(channels.length / steps);
    const step = () => {
      for (const channel of channels.splice(0, perStep)) this.changed(channel);
      if (channels.length === 0) this.stopRefresh();
    };
    step();
    if (channels.length > 0) this.refreshTimer = setInterval(step, REFRESH_STEP_MS);
  }

  close() {
    this.stopRefresh();
    for (const channel of [...this.views.keys()]) this.release(channel);
  }

  private stopRefresh() {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = null;
  }

  private write(channel: string, userId: string, entry: PresenceEntry | null, lastHere: boolean) {
    this.backend.write(channel, userId, entry, lastHere);
    this.changed(channel);
  }

  private async load(channel: string, mode: PresenceMode) {
    await this.backend.watch(channel);
    const result = await this.backend.read(channel, mode);
    const view = emptyView(mode);
    applyRead(view, result);
    this.views.set(channel, view);
  }

  private async flush(channel: string, view: View) {
    view.timer = null;
    view.flushing = true;
    view.dirty = false;
    try {
      const result = await this.backend.read(channel, view.mode);
      if (this.views.get(channel) !== view) return;
      const countBefore = view.count;
      const { joins, leaves } = applyRead(view, result);
      if (joins.length === 0 && leaves.length === 0 && view.count === countBefore) return;
      const frame: PresenceFrame = { type: "presence", channel, count: view.count };
      if (joins.length > 0) frame.joins = joins;
      if (leaves.length > 0) frame.leaves = leaves;
      this.options.broadcast(channel, Buffer.from(JSON.stringify(frame)));
    } catch (error) {
      this.options.logger.error(`presence: could not refresh ${channel}`, error);
    } finally {
      view.flushing = false;
      if (view.dirty) this.changed(channel);
    }
  }
}
