import {
  createORPCErrorFromJson,
  isORPCErrorJson,
  isORPCErrorStatus,
  ORPCError,
} from "@orpc/client";
import { getMalformedResponseErrorCode } from "@orpc/client/standard";
import type { z } from "zod";

/*
 * oRPC's RPC wire format for an input holding one file, written by hand for the calls that
 * need upload progress (XMLHttpRequest; fetch reports none). The RPC link would send the
 * same: a field `data` = {"json":{...input, "<field>":{}},"maps":[["<field>"]]} saying where
 * the file goes, then the file as field "0" with its name. The server reads exactly that
 * order (data first), so it is kept.
 */
export function rpcFileBody(
  input: Record<string, string | number | boolean>,
  field: string,
  file: File,
): FormData {
  const form = new FormData();
  form.set("data", JSON.stringify({ json: { ...input, [field]: {} }, maps: [[field]] }));
  form.set("0", file, file.name);
  return form;
}

/** An HTTP answer as XMLHttpRequest gives it. */
export interface RawAnswer {
  status: number;
  text: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads an RPC answer (`{"json": ...}`) as the oRPC client would: a 2xx is the output
 * (checked against its schema), anything else throws the same ORPCError the client throws,
 * so callers read `status` and `message` the same way for both paths.
 */
export function decodeRpcAnswer<T>(answer: RawAnswer, output: z.ZodType<T>): T {
  const body = parseJson(answer.text);
  const json = typeof body === "object" && body !== null && "json" in body ? body.json : undefined;
  if (isORPCErrorStatus(answer.status)) {
    if (isORPCErrorJson(json)) throw createORPCErrorFromJson(json);
    throw new ORPCError(getMalformedResponseErrorCode(answer.status), {
      status: answer.status,
    });
  }
  const parsed = output.safeParse(json);
  if (!parsed.success) throw new Error("Invalid RPC response format.", { cause: parsed.error });
  return parsed.data;
}
