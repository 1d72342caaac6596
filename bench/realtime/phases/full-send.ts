import type { WorkerPool } from "../pool";
import { createAgent, rpc, type Guest } from "../clients";
import { messageText, type ClientSpec } from "../protocol";
import { Pacer } from "../publisher";
import type { RunningServer } from "../servers";
import { nowUs } from "../stats";
import { measureWindow } from "./window";

const ms = (us: number) => us / 1000;

export interface FullSendRow {
  roomSize: number;
  sendsPerSecond: number;
  sends: number;
  rpcErrors: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  serverCpuS: number;
  serverCpuUsPerDelivery: number;
  generatorCpuS: number;
  otherOnServerCoreS: number;
  windowS: number;
}

/**
 * Ours end to end: members call `message.send` over HTTP (stored in PostgreSQL, then
 * published through Redis), into rooms of 100; the message text carries the send time.
 */
export async function measureFullSend(options: {
  server: RunningServer;
  pool: WorkerPool;
  guests: Guest[];
  specs: ClientSpec[];
  roomSize: number;
  sendRate: number;
  warmupMs: number;
  windowMs: number;
  redis: number | null;
}): Promise<FullSendRow> {
  const { server, pool, roomSize } = options;
  // One sender per room: its first member.
  const senders = new Map<string, Guest>();
  options.specs.forEach((spec, i) => {
    const room = spec.rooms.find((r) => r.startsWith(`bench-r${roomSize}-`));
    const guest = options.guests[i];
    if (room && guest && !senders.has(room)) senders.set(room, guest);
  });
  const agent = createAgent(64);
  let errors = 0;
  let firstError: string | undefined;
  const pacer = new Pacer(options.sendRate, [...senders.keys()], (room, seq) => {
    const sender = senders.get(room);
    if (!sender) return;
    const stamp = `${nowUs()} ${seq} `;
    const content = messageText(stamp);
    rpc(
      agent,
      `${server.origin}/rpc`,
      "message/send",
      { roomId: room, content },
      {
        cookie: sender.cookie,
        origin: server.origin,
        ip: sender.ip,
      },
    ).catch((error: unknown) => {
      errors++;
      firstError ??= String(error);
    });
  });
  pacer.start();
  try {
    let errors0 = 0;
    const window = await measureWindow({ ...options, pacer, onOpen: () => (errors0 = errors) });
    const { sent: sends, deliveries, histogram, cpu } = window;
    if (firstError) console.warn(`full send path: ${errors} failed sends, first: ${firstError}`);
    return {
      roomSize,
      sendsPerSecond: options.sendRate,
      sends,
      rpcErrors: errors - errors0,
      deliveriesPerSecond: deliveries / cpu.windowS,
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      serverCpuS: cpu.serverCpuS,
      serverCpuUsPerDelivery: (cpu.serverCpuS * 1e6) / deliveries,
      generatorCpuS: cpu.generatorCpuS,
      otherOnServerCoreS: cpu.otherOnServerCoreS,
      windowS: cpu.windowS,
    };
  } finally {
    pacer.stop();
    await pool.drain();
    agent.destroy();
  }
}
