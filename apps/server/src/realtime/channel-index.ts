import type { Connection } from "./connection";
import { prepareTextFrame } from "./prepared-frame";

/**
 * One connection, or a set once there are more: most users hold one connection and most
 * `user:{id}` channels one subscriber, and a Set per entry would cost ~150 bytes each.
 */
type OneOrMore = Connection | Set<Connection>;

const isSet = (entry: OneOrMore): entry is Set<Connection> => entry instanceof Set;

/** The map entry with `connection` added (a new set when it was a single other one). */
function withAdded(entry: OneOrMore | undefined, connection: Connection): OneOrMore {
  if (entry === undefined || entry === connection) return connection;
  if (isSet(entry)) return entry.add(connection);
  return new Set([entry, connection]);
}

/**
 * `map[key]` without `connection`; true when the connection was there and the key is now
 * empty (and deleted).
 */
function removeFrom(map: Map<string, OneOrMore>, key: string, connection: Connection) {
  const entry = map.get(key);
  if (entry === undefined) return false;
  if (!isSet(entry)) {
    if (entry !== connection) return false;
    map.delete(key);
    return true;
  }
  if (!entry.delete(connection)) return false;
  if (entry.size === 1) map.set(key, entry.values().next().value as Connection);
  return false;
}

const sizeOf = (entry: OneOrMore) => (isSet(entry) ? entry.size : 1);

/**
 * This process's subscribers per channel and connections per user. Fan-out writes the
 * same bytes to every local subscriber of a channel.
 */
export class ChannelIndex {
  private readonly channels = new Map<string, OneOrMore>();
  private readonly users = new Map<string, OneOrMore>();

  /** True when the connection is the first local subscriber of the channel. */
  add(channel: string, connection: Connection): boolean {
    connection.channels.add(channel);
    const entry = this.channels.get(channel);
    this.channels.set(channel, withAdded(entry, connection));
    return entry === undefined;
  }

  /** True when the connection was the last local subscriber of the channel. */
  remove(channel: string, connection: Connection): boolean {
    connection.forgetChannel(channel);
    return removeFrom(this.channels, channel, connection);
  }

  has(channel: string) {
    return this.channels.has(channel);
  }

  /** The frame is built once, then the same bytes go to every subscriber. */
  fanout(channel: string, data: Buffer) {
    const entry = this.channels.get(channel);
    if (entry === undefined) return;
    const frame = prepareTextFrame(data);
    if (!isSet(entry)) return entry.sendPrepared(frame, data);
    for (const connection of entry) connection.sendPrepared(frame, data);
  }

  /** True when this is the user's first connection on this process. */
  addUser(connection: Connection): boolean {
    const entry = this.users.get(connection.user.id);
    this.users.set(connection.user.id, withAdded(entry, connection));
    return entry === undefined;
  }

  /** True when this was the user's last connection on this process. */
  removeUser(connection: Connection): boolean {
    return removeFrom(this.users, connection.user.id, connection);
  }

  connectionsOf(userId: string): Iterable<Connection> {
    const entry = this.users.get(userId);
    if (entry === undefined) return [];
    return isSet(entry) ? entry : [entry];
  }

  /** How many connections the user has on this process. */
  socketCount(userId: string): number {
    const entry = this.users.get(userId);
    return entry === undefined ? 0 : sizeOf(entry);
  }

  userIds(): string[] {
    return [...this.users.keys()];
  }

  hasUser(userId: string) {
    return this.users.has(userId);
  }

  get stats() {
    let connections = 0;
    for (const entry of this.users.values()) connections += sizeOf(entry);
    return { connections, users: this.users.size, channels: this.channels.size };
  }
}
