import { and, asc, eq, gt } from "drizzle-orm";
import { userChannel } from "@chatsphere/contract";
import type { Database } from "../db/client";
import { follow } from "../db/schema";
import type { Logger } from "../logger";
import type { Bus } from "./bus/types";
import { encodeEvent, type Connection } from "./connection";
import type { OnlineRegistry } from "./online/types";

/** Follow rows read (and online checks made) per round trip. */
const CHUNK = 1000;

/**
 * The online dots of the Following tab, for the people each viewer follows and nobody else.
 * Holding `following:tab` brings a `following_online` snapshot; afterwards a user's first
 * socket (on a process) and last socket (anywhere) send `following_status` to their followers.
 * Only followers who are online get it: a transition costs one indexed read of the follower
 * rows and one online check per CHUNK of them, plus one publish per online follower.
 */
export class FollowingStatus {
  private stopped = false;

  constructor(
    private readonly deps: { db: Database; online: OnlineRegistry; bus: Bus; logger: Logger },
  ) {}

  /** To the socket that took `following:tab`: who of the people its user follows is online. */
  sendSnapshot(connection: Connection) {
    const userId = connection.user.id;
    this.onlineOf("following", userId)
      .then((userIds) => {
        const frame = encodeEvent(userChannel(userId), "following_online", { userIds });
        connection.send(frame);
      })
      .catch((error: unknown) => this.deps.logger.error("realtime: following snapshot", error));
  }

  /**
   * The process is shutting down: its sockets closing are not people going offline (they
   * reconnect to another process), and the bus is about to close under any fan-out.
   */
  stop() {
    this.stopped = true;
  }

  /** A user came online or went offline: their followers who are online are told. */
  changed(userId: string, online: boolean) {
    if (this.stopped) return;
    this.onlineOf("followers", userId)
      .then((followers) => {
        for (const follower of followers) {
          const channel = userChannel(follower);
          const frame = encodeEvent(channel, "following_status", { userId, online });
          this.deps.bus.publish(channel, frame);
        }
      })
      .catch((error: unknown) => this.deps.logger.error("realtime: following status", error));
  }

  /** The online ones among whom `userId` follows, or among those who follow `userId`. */
  private async onlineOf(side: "following" | "followers", userId: string) {
    const [mine, theirs] =
      side === "following"
        ? [follow.followerId, follow.followingId]
        : [follow.followingId, follow.followerId];
    const online: string[] = [];
    for (let last = ""; ;) {
      const rows = await this.deps.db
        .select({ id: theirs })
        .from(follow)
        .where(and(eq(mine, userId), gt(theirs, last)))
        .orderBy(asc(theirs))
        .limit(CHUNK);
      online.push(...(await this.deps.online.onlineAmong(rows.map((row) => row.id))));
      const next = rows.at(-1)?.id;
      if (rows.length < CHUNK || next === undefined) return online;
      last = next;
    }
  }
}
