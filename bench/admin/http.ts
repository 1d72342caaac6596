import type http from "node:http";
import { postJson, RpcError } from "../realtime/clients";

/*
 * The bench's HTTP side: accounts (better-auth's routes, admin.signUp) and oRPC calls as the
 * web app makes them (RPC protocol: POST /rpc/<router>/<procedure>, body and answer under
 * "json"), each caller from its own client address (the server runs with TRUST_PROXY).
 */

export interface Caller {
  cookie: string;
  ip: string;
  userId: string;
}

export interface Site {
  /** http://127.0.0.1:port, also the Origin the server accepts. */
  origin: string;
  agent: http.Agent;
}

const SESSION_COOKIE = /^((?:__Secure-)?better-auth\.session_token=[^;]+)/;

function sessionOf(response: { status: number; headers: http.IncomingHttpHeaders; body: string }) {
  const cookie = (response.headers["set-cookie"] ?? [])
    .map((c) => SESSION_COOKIE.exec(c)?.[1])
    .find(Boolean);
  if (response.status !== 200 || !cookie) {
    throw new Error(`sign-in failed: ${response.status} ${response.body.slice(0, 200)}`);
  }
  const body = JSON.parse(response.body) as { user: { id: string } };
  return { cookie, userId: body.user.id };
}

/** One oRPC call; throws RpcError on any answer but 200. */
export async function call<T>(
  site: Site,
  path: string,
  input: unknown,
  caller: Pick<Caller, "cookie" | "ip"> | null,
): Promise<T> {
  const headers: Record<string, string> = { origin: site.origin };
  if (caller) {
    headers.cookie = caller.cookie;
    headers["x-forwarded-for"] = caller.ip;
  }
  const response = await postJson(
    site.agent,
    `${site.origin}/rpc/${path}`,
    { json: input },
    headers,
  );
  if (response.status !== 200) {
    throw new RpcError(
      response.status,
      `${path}: ${response.status} ${response.body.slice(0, 300)}`,
    );
  }
  return (JSON.parse(response.body) as { json: T }).json;
}

/** The first admin (admin.signUp works while there is none), signed in. */
export async function createAdmin(site: Site, email: string, password: string, ip: string) {
  await call(site, "admin/signUp", { email, password, confirmPassword: password }, null);
  return signIn(site, email, password, ip);
}

export async function signIn(
  site: Site,
  email: string,
  password: string,
  ip: string,
): Promise<Caller> {
  const response = await postJson(
    site.agent,
    `${site.origin}/api/auth/sign-in/email`,
    { email, password },
    { origin: site.origin, "x-forwarded-for": ip },
  );
  return { ...sessionOf(response), ip };
}

/** A registered user (email sign-up signs them in). */
export async function signUp(site: Site, email: string, password: string, ip: string) {
  const response = await postJson(
    site.agent,
    `${site.origin}/api/auth/sign-up/email`,
    { email, password, name: email.split("@")[0] },
    { origin: site.origin, "x-forwarded-for": ip },
  );
  return { ...sessionOf(response), ip };
}

/** A guest ("continue as guest"). */
export async function signInGuest(site: Site, ip: string): Promise<Caller> {
  const response = await postJson(
    site.agent,
    `${site.origin}/api/auth/sign-in/anonymous`,
    {},
    { origin: site.origin, "x-forwarded-for": ip },
  );
  return { ...sessionOf(response), ip };
}
