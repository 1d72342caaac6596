/**
 * Baseline of the full send path: what a competent team would build with Socket.IO and
 * PostgreSQL. Default in-memory adapter, one process, a `pg` Pool of 10 (as ours).
 *
 * - Authentication once per connection: the client puts its session token in the handshake's
 *   `auth`; a middleware looks it up in `session` (joined to its user) and keeps the user on
 *   the socket. No token, or an unknown or expired one: the connection is refused.
 * - `join` (acknowledged): a member of the room, checked with a query, joins its Socket.IO
 *   room; anyone else gets `{ error: "forbidden" }`.
 * - `message` (acknowledged): the input is validated with zod (roomId, content of 1 to 2000
 *   characters); membership is checked (BENCH_MEMBERSHIP=cached, the default: the socket must
 *   have joined the room, which it could only do as a member, so no query; =query: the insert
 *   only happens `WHERE EXISTS` a membership row, one statement either way); the message is
 *   inserted into `message` (uuid, room_id, sender_id, content, created_at) and
 *   `io.to(room).emit("message", {...row, sender})` sends it to every member, the sender's
 *   own sockets included; the sender's acknowledgement carries the stored message.
 *
 * Its schema is created at start-up (the bench gives it a scratch database of its own) before
 * it answers /healthz; the bench then inserts users, sessions, rooms and memberships.
 */
import { createServer } from "node:http";
import pg from "pg";
import { Server, type DefaultEventsMap, type Socket } from "socket.io";
import { z } from "zod";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const membership = process.env.BENCH_MEMBERSHIP === "query" ? "query" : "cached";

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on("error", (error) => console.warn(`idle connection lost: ${error.message}`));

await pool.query(`
  CREATE TABLE IF NOT EXISTS app_user (
    id text PRIMARY KEY,
    name text NOT NULL,
    image text
  );
  CREATE TABLE IF NOT EXISTS session (
    token text PRIMARY KEY,
    user_id text NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS room (
    id text PRIMARY KEY,
    name text NOT NULL
  );
  CREATE TABLE IF NOT EXISTS room_member (
    room_id text NOT NULL REFERENCES room (id) ON DELETE CASCADE,
    user_id text NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    PRIMARY KEY (room_id, user_id)
  );
  CREATE TABLE IF NOT EXISTS message (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    room_id text NOT NULL REFERENCES room (id) ON DELETE CASCADE,
    sender_id text REFERENCES app_user (id) ON DELETE SET NULL,
    content text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX IF NOT EXISTS message_room_created ON message (room_id, created_at);
`);

interface User {
  id: string;
  name: string;
  image: string | null;
}

interface SocketData {
  user: User;
}

const messageInput = z.object({
  roomId: z.string().min(1).max(64),
  content: z.string().trim().min(1).max(2000),
});

type Ack = (answer: unknown) => void;
const noAck: Ack = () => undefined;

const INSERT = `INSERT INTO message (room_id, sender_id, content) VALUES ($1, $2, $3)
  RETURNING id, created_at`;
const INSERT_IF_MEMBER = `INSERT INTO message (room_id, sender_id, content)
  SELECT $1, $2, $3 WHERE EXISTS
    (SELECT 1 FROM room_member WHERE room_id = $1 AND user_id = $2)
  RETURNING id, created_at`;

// Socket.IO answers its own path (/socket.io/) before this handler sees anything.
const http = createServer((req, res) => {
  res.writeHead(req.url === "/healthz" ? 200 : 404).end();
});
type Events = DefaultEventsMap;
type ChatSocket = Socket<Events, Events, Events, SocketData>;
const io = new Server<Events, Events, Events, SocketData>(http);

io.use((socket, next) => {
  const token: unknown = (socket.handshake.auth as { token?: unknown }).token;
  if (typeof token !== "string" || token.length === 0) return next(new Error("unauthorized"));
  pool
    .query<User>(
      `SELECT u.id, u.name, u.image FROM session s JOIN app_user u ON u.id = s.user_id
       WHERE s.token = $1 AND s.expires_at > now()`,
      [token],
    )
    .then(({ rows }) => {
      const user = rows[0];
      if (!user) return next(new Error("unauthorized"));
      socket.data.user = user;
      next();
    })
    .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
});

async function join(socket: ChatSocket, room: unknown, ack: Ack) {
  if (typeof room !== "string") return ack({ error: "bad_request" });
  const { rowCount } = await pool.query(
    "SELECT 1 FROM room_member WHERE room_id = $1 AND user_id = $2",
    [room, socket.data.user.id],
  );
  if (!rowCount) return ack({ error: "forbidden" });
  await socket.join(room);
  ack({ ok: true });
}

async function send(socket: ChatSocket, input: unknown, ack: Ack) {
  const parsed = messageInput.safeParse(input);
  if (!parsed.success) return ack({ error: "bad_request", issues: parsed.error.issues });
  const { roomId, content } = parsed.data;
  const sender = socket.data.user;
  if (membership === "cached" && !socket.rooms.has(roomId)) return ack({ error: "forbidden" });
  const { rows } = await pool.query<{ id: string; created_at: Date }>(
    membership === "cached" ? INSERT : INSERT_IF_MEMBER,
    [roomId, sender.id, content],
  );
  const row = rows[0];
  if (!row) return ack({ error: "forbidden" });
  const message = {
    id: row.id,
    roomId,
    content,
    senderId: sender.id,
    sender,
    createdAt: row.created_at.toISOString(),
    media: null,
  };
  io.to(roomId).emit("message", message);
  ack({ ok: true, message });
}

io.on("connection", (socket) => {
  const failed = (ack: Ack) => (error: unknown) => {
    console.error(error);
    ack({ error: "internal" });
  };
  socket.on("join", (room: unknown, ack?: Ack) => {
    const answer = typeof ack === "function" ? ack : noAck;
    join(socket, room, answer).catch(failed(answer));
  });
  socket.on("message", (input: unknown, ack?: Ack) => {
    const answer = typeof ack === "function" ? ack : noAck;
    send(socket, input, answer).catch(failed(answer));
  });
});

http.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => {
  void pool.end().finally(() => process.exit(0));
});
