/**
 * The event bus between server processes. A frame is serialised once by whoever publishes it
 * and travels as bytes: one publish per event (not per recipient); each node hands the same
 * bytes to every local subscriber of the channel.
 */
export type BusHandler = (channel: string, data: Buffer) => void;

export interface Bus {
  readonly kind: "memory" | "redis";
  publish(channel: string, data: Buffer): void;
  /** This node wants the frames of `channel`; resolves once they will arrive. */
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): void;
  /** The one receiver of every frame this node gets (the gateway's dispatcher). */
  setHandler(handler: BusHandler): void;
  /**
   * Calls `listener` with whether another process shares the bus now, and again whenever
   * that changes (decision 0043), synchronously, before the bus sends anything that follows
   * from the change: going from alone to sharing, before it answers the hello that told it.
   * The in-process bus never shares.
   */
  watchSharing(listener: (sharing: boolean) => void): void;
  close(): Promise<void>;
}
