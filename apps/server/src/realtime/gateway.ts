import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { CLOSE_CODES, PERMISSION, REALTIME_LIMITS, REALTIME_PATH } from "@chatsphere/contract";
import { sessionCookieOf, type SessionCache } from "../auth/session-cache";
import { header } from "../http/origin-guard";
import { clientAddress, type ProxyTrust } from "../http/proxy-trust";
import type { OriginPolicy } from "../http/site-origin";
import type { Logger } from "../logger";
import { Connection, type ConnectionUser } from "./connection";
import type { FrameRouter } from "./frame-router";
import { AddressCounter } from "./address-counter";
import { HeartbeatWheel } from "./heartbeat-wheel";
import { refuseUpgrade } from "./refuse-upgrade";

/** Heartbeats go out a slice every this many milliseconds (see HeartbeatWheel). */
const HEARTBEAT_SLICE_MS = 50;

/**
 * A WebSocket that knows its connection, so one set of listener functions (with `this` bound
 * by the emitter) serves every socket instead of four closures per socket: a server holds
 * tens of thousands.
 */
class ChatWebSocket extends WebSocket {
  connection: Connection | null = null;
}

function destroyOnError(this: Duplex) {
  this.destroy();
}

/** The connection of a socket this gateway accepted (emitters call listeners with `this`). */
const connectionOf = (ws: WebSocket) => (ws as ChatWebSocket).connection;

function terminateOnError(this: WebSocket) {
  this.terminate();
}

function markAlive(this: WebSocket) {
  const connection = connectionOf(this);
  if (connection) connection.isAlive = true;
}

/** The message and close listeners every socket of a gateway shares. */
function socketListeners(
  router: GatewayOptions["router"],
  connections: HeartbeatWheel<Connection>,
  addresses: AddressCounter,
) {
  return {
    message(this: WebSocket, data: RawData, isBinary: boolean) {
      const connection = connectionOf(this);
      if (!connection) return;
      connection.isAlive = true;
      router.receive(connection, data, isBinary);
    },
    close(this: WebSocket) {
      const connection = connectionOf(this);
      if (!connection || !connections.delete(connection)) return;
      addresses.release(connection.user.address);
      router.disconnected(connection);
    },
  };
}

export interface GatewayOptions {
  sessions: SessionCache;
  /** Same-origin rules (decision 0014); a foreign page never gets a socket. */
  origins: OriginPolicy;
  logger: Logger;
  router: Pick<FrameRouter, "connected" | "disconnected" | "receive">;
  /** Which proxies' X-Forwarded-For to believe for the client address (decision 0014). */
  trust: ProxyTrust;
  /** How many sockets the user holds on this process already. */
  socketsOf(userId: string): number;
  /** Ping interval; tests shorten it. */
  heartbeatMs?: number;
}

/**
 * The `/ws` door. Before upgrading it checks the Origin and the session cookie, so a
 * refused client never gets a socket (401 / 403). After that it keeps connections alive
 * with pings, drops dead ones, and hands every frame to the router.
 */
export class Gateway {
  private readonly wss = new WebSocketServer<typeof ChatWebSocket>({
    WebSocket: ChatWebSocket,
    noServer: true,
    maxPayload: REALTIME_LIMITS.maxFrameBytes,
    // Compression costs ~300 KB per connection and CPU on every fan-out write.
    perMessageDeflate: false,
    clientTracking: false,
  });
  /** Every open connection, on the wheel that spreads their heartbeats. */
  private readonly connections: HeartbeatWheel<Connection>;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly listeners: ReturnType<typeof socketListeners>;
  private readonly addresses = new AddressCounter();
  private closing = false;

  constructor(private readonly options: GatewayOptions) {
    const heartbeatMs = options.heartbeatMs ?? REALTIME_LIMITS.heartbeatMs;
    const slices = Math.max(1, Math.round(heartbeatMs / HEARTBEAT_SLICE_MS));
    this.connections = new HeartbeatWheel(slices);
    this.listeners = socketListeners(options.router, this.connections, this.addresses);
    this.heartbeat = setInterval(() => this.connections.tick(), heartbeatMs / slices);
    this.heartbeat.unref();
  }

  /** Listener for the Node server's `upgrade` event. */
  readonly handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void this.upgrade(req, socket, head).catch((error: unknown) => {
      this.options.logger.error("realtime: upgrade failed", error);
      refuseUpgrade(socket, 500, "Internal Server Error");
    });
  };

  get connectionCount() {
    return this.connections.size;
  }

  async close() {
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const connection of [...this.connections.values()]) {
      connection.close(CLOSE_CODES.goingAway, "Server restarting");
    }
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on("error", destroyOnError);
    const pathname = (req.url ?? "").split("?")[0];
    if (pathname !== REALTIME_PATH) return refuseUpgrade(socket, 404, "Not Found");
    if (this.closing) return refuseUpgrade(socket, 503, "Service Unavailable");
    // Browsers always send Origin on WebSocket handshakes; clients without one carry no
    // ambient cookies of a victim, so only a foreign Origin is refused (decision 0003).
    const origin = req.headers.origin;
    if (origin !== undefined && !this.options.origins.isAllowed(origin, req)) {
      return refuseUpgrade(socket, 403, PERMISSION.foreignOrigin);
    }
    const sessionCookie = sessionCookieOf(req.headers.cookie);
    const session = sessionCookie ? await this.options.sessions.get(sessionCookie) : null;
    if (!session || !sessionCookie) return refuseUpgrade(socket, 401, PERMISSION.unauthorized);
    if (socket.destroyed) return;
    // Bounds per user and per address: one client cannot hold the process's memory hostage.
    const address = clientAddress(
      this.options.trust,
      header(req.headers["x-forwarded-for"]),
      req.socket.remoteAddress,
    );
    if (
      this.options.socketsOf(session.user.id) >= REALTIME_LIMITS.maxSocketsPerUser ||
      this.addresses.count(address) >= REALTIME_LIMITS.maxSocketsPerAddress
    ) {
      return refuseUpgrade(socket, 429, PERMISSION.tooManyConnections);
    }
    const user: ConnectionUser = {
      id: session.user.id,
      name: session.user.name,
      image: session.user.image ?? null,
      role: session.user.role,
      sessionCookie,
      address,
    };
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, user));
  }

  private accept(ws: ChatWebSocket, user: ConnectionUser) {
    this.addresses.take(user.address);
    const connection = new Connection(ws, user);
    ws.connection = connection;
    this.connections.add(connection);
    ws.on("pong", markAlive);
    ws.on("message", this.listeners.message);
    ws.on("error", terminateOnError);
    ws.on("close", this.listeners.close);
    this.options.router.connected(connection);
  }
}
