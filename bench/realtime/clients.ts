import http from "node:http";

/**
 * HTTP side of the simulated clients: guest sign-in and oRPC calls, over a keep-alive agent
 * (node:http, so the bench decides how many connections it holds on the server).
 */
export interface Guest {
  userId: string;
  cookie: string;
  ip: string;
}

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export const createAgent = (maxSockets: number) => new http.Agent({ keepAlive: true, maxSockets });

export function postJson(
  agent: http.Agent,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<HttpResponse> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(payload.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** A distinct private address per simulated client: 10.{block}.{i / 256}.{i % 256}. */
export function clientIp(block: number, index: number) {
  if (index >= 65_536) throw new Error("at most 65 536 addresses per block");
  return `10.${block}.${index >> 8}.${index & 255}`;
}

const SESSION_COOKIE = /^((?:__Secure-)?better-auth\.session_token=[^;]+)/;

/** One guest session (anonymous sign-in), as the web app's "continue as guest". */
export async function signInGuest(
  agent: http.Agent,
  baseUrl: string,
  origin: string,
  ip: string,
): Promise<Guest> {
  const response = await postJson(
    agent,
    `${baseUrl}/api/auth/sign-in/anonymous`,
    {},
    { origin, "x-forwarded-for": ip },
  );
  const cookie = (response.headers["set-cookie"] ?? [])
    .map((c) => SESSION_COOKIE.exec(c)?.[1])
    .find(Boolean);
  if (response.status !== 200 || !cookie) {
    throw new Error(`guest sign-in failed: ${response.status} ${response.body.slice(0, 200)}`);
  }
  const body = JSON.parse(response.body) as { user: { id: string } };
  return { userId: body.user.id, cookie, ip };
}

/** Retries a call that failed on the network (a keep-alive connection reset), not on HTTP. */
async function retried<T>(call: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= attempts || (code !== "ECONNRESET" && code !== "EPIPE")) throw error;
    }
  }
}

/**
 * `count` guests, `concurrency` sign-ins in flight, each from its own address. The agent is
 * destroyed at the end, so none of its connections stays open on the server.
 */
export async function signInGuests(options: {
  baseUrl: string;
  origin: string;
  count: number;
  ipBlock: number;
  concurrency: number;
  onProgress?: (done: number) => void;
}): Promise<Guest[]> {
  const agent = createAgent(options.concurrency);
  const guests: Guest[] = new Array<Guest>(options.count);
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < options.count) {
      const index = next++;
      const ip = clientIp(options.ipBlock, index);
      guests[index] = await retried(() => signInGuest(agent, options.baseUrl, options.origin, ip));
      if (++done % 1000 === 0) options.onProgress?.(done);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, lane));
  } finally {
    agent.destroy();
  }
  return guests;
}

export class RpcError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One oRPC call (RPC protocol: POST /rpc/<router>/<procedure>, body and answer under "json"). */
export async function rpc<T>(
  agent: http.Agent,
  rpcUrl: string,
  path: string,
  input: unknown,
  caller: { cookie: string; origin: string; ip?: string },
): Promise<T> {
  const headers: Record<string, string> = { cookie: caller.cookie, origin: caller.origin };
  if (caller.ip) headers["x-forwarded-for"] = caller.ip;
  const response = await postJson(agent, `${rpcUrl}/${path}`, { json: input }, headers);
  if (response.status !== 200) {
    throw new RpcError(
      response.status,
      `${path}: ${response.status} ${response.body.slice(0, 200)}`,
    );
  }
  return (JSON.parse(response.body) as { json: T }).json;
}
