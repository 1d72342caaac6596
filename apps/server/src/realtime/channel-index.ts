import type { Connection } from "./connection";

/**
 * This process's subscribers per channel and connections per user. Fan-out writes the
 * same bytes to every local subscriber of a channel.
 */
export class ChannelIndex {
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly users = new Map<string, Set<Connection>>();

  /** True when the connection is the first local subscriber of the channel. */
  add(channel: string, connection: Connection): boolean {
    connection.channels.add(channel);
    const subscribers = this.channels.get(channel);
    if (subscribers) {
      subscribers.add(connection);
      return false;
    }
    this.channels.set(channel, new Set([connection]));
    return true;
  }

  /** True when the connection was the last local subscriber of the channel. */
  remove(channel: string, connection: Connection): boolean {
    connection.forgetChannel(channel);
    const subscribers = this.channels.get(channel);
    if (!subscribers?.delete(connection) || subscribers.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  has(channel: string) {
    return this.channels.has(channel);
  }

  fanout(channel: string, data: Buffer) {
    const subscribers = this.channels.get(channel);
    if (!subscribers) return;
    for (const connection of subscribers) connection.send(data);
  }

  /** True when this is the user's first connection on this process. */
  addUser(connection: Connection): boolean {
    const existing = this.users.get(connection.user.id);
    if (existing) {
      existing.add(connection);
      return false;
    }
    this.users.set(connection.user.id, new Set([connection]));
    return true;
  }

  /** True when this was the user's last connection on this process. */
  removeUser(connection: Connection): boolean {
    const existing = this.users.get(connection.user.id);
    if (!existing?.delete(connection) || existing.size > 0) return false;
    this.users.delete(connection.user.id);
    return true;
  }

  connectionsOf(userId: string): Iterable<Connection> {
    return this.users.get(userId) ?? [];
  }

  userIds(): string[] {
    return [...this.users.keys()];
  }

  hasUser(userId: string) {
    return this.users.has(userId);
  }

  get stats() {
    let connections = 0;
    for (const set of this.users.values()) connections += set.size;
    return { connections, users: this.users.size, channels: this.channels.size };
  }
}
