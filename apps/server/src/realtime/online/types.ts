/**
 * Who has at least one open connection, on any process. The gateway reports a user's first
 * and last connection on this process; the stranger matcher asks before pairing anyone.
 */
export interface OnlineRegistry {
  add(userId: string): void;
  /** Resolves true when the user has no connection left on any process. */
  remove(userId: string): Promise<boolean>;
  isOnline(userId: string): Promise<boolean>;
  /** Those of `userIds` who are online, in one round trip (the online dots of the Following tab). */
  onlineAmong(userIds: string[]): Promise<string[]>;
  /** How many users are online on any process, each once however many sockets (one call). */
  count(): Promise<number>;
  /** This process stops: its users who are nowhere else are no longer online. */
  close(): Promise<void>;
}
