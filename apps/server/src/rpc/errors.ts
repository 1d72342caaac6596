import { ORPCError, ValidationError } from "@orpc/server";
import { AppError, isUniqueViolation } from "../errors";
import type { Logger } from "../logger";

export interface FieldIssue {
  path: string;
  message: string;
}

function validationIssues(error: ORPCError<string, unknown>): FieldIssue[] | null {
  if (error.code !== "BAD_REQUEST" || !(error.cause instanceof ValidationError)) return null;
  return error.cause.issues.map((issue) => ({
    path: (issue.path ?? [])
      .map((p) => (typeof p === "object" && p !== null ? String(p.key) : String(p)))
      .join("."),
    message: issue.message,
  }));
}

/**
 * The one place where errors thrown by services become RPC errors. Input validation keeps
 * the spec's first message (and lists every field issue); known errors keep their code and
 * message; a unique violation is a 409; anything else is logged and hidden behind a generic
 * 500 so no internals reach the browser.
 */
export function toRpcError(error: unknown, logger: Logger): ORPCError<string, unknown> {
  if (error instanceof ORPCError) {
    const issues = validationIssues(error);
    if (!issues) return error;
    return new ORPCError("BAD_REQUEST", {
      message: issues[0]?.message ?? error.message,
      data: { issues },
      cause: error.cause,
    });
  }
  if (error instanceof AppError) return new ORPCError(error.code, { message: error.message });
  if (isUniqueViolation(error)) {
    return new ORPCError("CONFLICT", { message: "This already exists." });
  }
  logger.error("rpc: unexpected error", error);
  return new ORPCError("INTERNAL_SERVER_ERROR", { message: "Something went wrong." });
}
