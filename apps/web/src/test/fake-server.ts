import { ORPCError } from "@orpc/client";
import { StandardRPCJsonSerializer, StandardRPCSerializer } from "@orpc/client/standard";
import type { ContractProcedure, InferSchemaInput, InferSchemaOutput } from "@orpc/contract";
import { contract, type Contract } from "@chatsphere/contract";
import type { SessionData } from "@/lib/auth-client";

/*
 * The server as the web app meets it: `fetch`. Component tests answer the calls a screen makes
 * here, per test, and the app's own clients (oRPC's RPCLink, better-auth's client, the session
 * request) run unchanged on top. The answers go through the contract: an answer its output
 * schema refuses, an input its input schema refuses, or a call nobody answered fails the test
 * (setup.ts), so a fake cannot drift from what the real server may send.
 */

/** "room.listRooms", "admin.listUsers", ...: every procedure of the contract. */
type ProcedurePath<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends ContractProcedure<infer _I, infer _O, infer _E, infer _M>
    ? `${Prefix}${K}`
    : ProcedurePath<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type Procedure = ProcedurePath<Contract>;

type ProcedureAt<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? ProcedureAt<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/** What the server's handler receives: the input once its schema parsed it. */
export type InputOf<P extends Procedure> =
  ProcedureAt<Contract, P> extends ContractProcedure<infer I, infer _O, infer _E, infer _M>
    ? InferSchemaOutput<I>
    : never;
/** What the server's handler returns, before the output schema parses it. */
export type OutputOf<P extends Procedure> =
  ProcedureAt<Contract, P> extends ContractProcedure<infer _I, infer O, infer _E, infer _M>
    ? InferSchemaInput<O>
    : never;

type Answer<P extends Procedure> = (input: InputOf<P>) => OutputOf<P> | Promise<OutputOf<P>>;

interface Refusal {
  status: number;
  message: string;
  /** oRPC's code ("FORBIDDEN", "CONFLICT"...); the app reads the status and the message. */
  code?: string;
}

/** The error the server throws to refuse a call; throw it from an answer (or use `refuse`). */
export const refusal = ({ status, message, code = "REFUSED" }: Refusal) =>
  new ORPCError(code, { status, message });

/** A better-auth endpoint's answer: its status (200 unless said) and JSON body. */
export interface AuthAnswer {
  status?: number;
  body: unknown;
}

interface StandardSchema {
  "~standard": {
    validate(
      value: unknown,
    ):
      | { value: unknown; issues?: undefined }
      | { issues: readonly { message: string }[] }
      | Promise<
          { value: unknown; issues?: undefined } | { issues: readonly { message: string }[] }
        >;
  };
}
interface ProcedureSchemas {
  inputSchema?: StandardSchema;
  outputSchema?: StandardSchema;
}

const serializer = new StandardRPCSerializer(new StandardRPCJsonSerializer());

function schemasOf(path: string): ProcedureSchemas | null {
  let node: unknown = contract;
  for (const key of path.split(".")) {
    if (typeof node !== "object" || node === null || !(key in node)) return null;
    node = (node as Record<string, unknown>)[key];
  }
  if (typeof node !== "object" || node === null || !("~orpc" in node)) return null;
  return node["~orpc"] as ProcedureSchemas;
}

async function parse(schema: StandardSchema | undefined, value: unknown) {
  if (!schema) return { ok: true as const, value };
  const result = await schema["~standard"].validate(value);
  if (result.issues) return { ok: false as const, issues: result.issues.map((i) => i.message) };
  return { ok: true as const, value: result.value };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body ?? null), {
    status,
    headers: { "content-type": "application/json" },
  });

/** The fake server; setup.ts installs it as `fetch` and resets it after each test. */
function createFakeServer() {
  const answers = new Map<string, (input: unknown) => unknown>();
  const authAnswers = new Map<string, (body: unknown) => AuthAnswer | Promise<AuthAnswer>>();
  const problems: string[] = [];
  /** Every call the app made, in order, with its parsed input ("auth:<endpoint>" for auth). */
  const calls: { path: string; input: unknown }[] = [];
  let session: SessionData | null = null;

  async function rpcCall(path: string, request: Request) {
    const schemas = schemasOf(path);
    const answer = answers.get(path);
    if (!schemas || !answer) {
      problems.push(`No answer for ${path}: add server.answer("${path}", ...) to the test.`);
      return json(serializer.serialize(new ORPCError("NOT_FOUND").toJSON()), 404);
    }
    const text = await request.text();
    const raw = text ? serializer.deserialize(JSON.parse(text)) : undefined;
    const input = await parse(schemas.inputSchema, raw);
    if (!input.ok) {
      problems.push(`The app sent ${path} an input the contract refuses: ${input.issues}`);
      return json(serializer.serialize(new ORPCError("BAD_REQUEST").toJSON()), 400);
    }
    calls.push({ path, input: input.value });
    try {
      const output = await parse(schemas.outputSchema, await answer(input.value));
      if (!output.ok) {
        problems.push(`The answer of ${path} breaks its output schema: ${output.issues}`);
        return json(serializer.serialize(new ORPCError("INTERNAL_SERVER_ERROR").toJSON()), 500);
      }
      return json(serializer.serialize(output.value));
    } catch (error) {
      if (error instanceof ORPCError)
        return json(serializer.serialize(error.toJSON()), error.status);
      problems.push(`The answer of ${path} threw: ${String(error)}`);
      return json(serializer.serialize(new ORPCError("INTERNAL_SERVER_ERROR").toJSON()), 500);
    }
  }

  async function authCall(endpoint: string, request: Request) {
    if (endpoint === "get-session") return json(session);
    const answer = authAnswers.get(endpoint);
    if (!answer) {
      problems.push(`No answer for /api/auth/${endpoint}: add server.answerAuth(...) to the test.`);
      return json({ message: "Not found" }, 404);
    }
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ path: `auth:${endpoint}`, input: body });
    const reply = await answer(body);
    return json(reply.body, reply.status ?? 200);
  }

  return {
    calls,
    /** Answers a procedure for the rest of the test; the output must satisfy the contract. */
    answer<P extends Procedure>(path: P, answer: Answer<P>) {
      answers.set(path, answer as (input: unknown) => unknown);
    },
    /** Refuses a procedure as the server does: an oRPC error with its status and message. */
    refuse(path: Procedure, error: Refusal) {
      answers.set(path, () => {
        throw refusal(error);
      });
    },
    /** Answers `/api/auth/<endpoint>` (better-auth), e.g. "sign-in/email". */
    answerAuth(endpoint: string, answer: (body: unknown) => AuthAnswer | Promise<AuthAnswer>) {
      authAnswers.set(endpoint, answer);
    },
    /** Who `/api/auth/get-session` says is signed in (null: nobody). */
    signIn(next: SessionData | null) {
      session = next;
    },
    /** The inputs the app sent a procedure so far. */
    inputsOf<P extends Procedure>(path: P): InputOf<P>[] {
      return calls.filter((c) => c.path === path).map((c) => c.input as InputOf<P>);
    },
    /** The JSON bodies the app posted to `/api/auth/<endpoint>` so far. */
    authBodiesOf(endpoint: string): unknown[] {
      return calls.filter((c) => c.path === `auth:${endpoint}`).map((c) => c.input);
    },
    /** Contract breaks and unanswered calls; setup.ts fails the test when there are any. */
    problems,
    reset() {
      answers.clear();
      authAnswers.clear();
      calls.length = 0;
      problems.length = 0;
      session = null;
    },
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const { pathname } = new URL(request.url);
      if (pathname.startsWith("/rpc/")) {
        return rpcCall(pathname.slice("/rpc/".length).split("/").join("."), request);
      }
      if (pathname.startsWith("/api/auth/")) {
        return authCall(pathname.slice("/api/auth/".length), request);
      }
      problems.push(`Unexpected request: ${request.method} ${request.url}`);
      return json({ message: "Not found" }, 404);
    },
  };
}

export const server = createFakeServer();

/** A promise the test settles itself: an answer held back to see the screen while it waits. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
