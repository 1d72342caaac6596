import { createId } from "@paralleldrive/cuid2";
import { SAFETY_ERROR, SAFETY_LIMITS, SAFETY_TOAST, type ReportInput } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { report } from "../../db/schema";
import { AppError, isUniqueViolation } from "../../errors";
import type { RealtimePublisher } from "../../realtime/realtime";
import { block } from "./blocks";
import { pauseForReview } from "../../moderation/pauses";
import * as queries from "./report-queries";

/*
 * Reporting (issue 14): from a conversation the reporter is part of, about someone in it,
 * with the conversation's last messages kept as they are at this moment (a later edit or
 * deletion changes nothing in the report). Once per person, per reported user, per
 * conversation; a handful an hour (rate-limit/call-limits.ts). A user reported by
 * SAFETY_LIMITS.reportsToPause distinct people within a day is kept out of stranger chat
 * until an admin decides.
 */

interface Deps {
  db: Database;
  realtime: RealtimePublisher;
}

interface Caller {
  id: string;
  name: string;
}

export async function createReport(deps: Deps, caller: Caller, input: ReportInput) {
  const { db } = deps;
  if (input.userId === caller.id) throw new AppError("BAD_REQUEST", SAFETY_ERROR.cannotReportSelf);
  const roomKind = await queries.conversationOf(db, {
    roomId: input.roomId,
    reporterId: caller.id,
    reportedId: input.userId,
  });
  if (!roomKind) throw new AppError("FORBIDDEN", SAFETY_ERROR.notInConversation);
  if (input.messageId) {
    const params = { roomId: input.roomId, messageId: input.messageId, senderId: input.userId };
    if (!(await queries.isMessageOf(db, params))) {
      throw new AppError("BAD_REQUEST", SAFETY_ERROR.messageNotInConversation);
    }
  }
  try {
    await db.transaction(async (tx) => {
      await queries.lockReportsAbout(tx, input.userId);
      const snapshot = await queries.snapshotOf(tx, input.roomId, SAFETY_LIMITS.snapshotMessages);
      await tx.insert(report).values({
        id: createId(),
        reporterId: caller.id,
        reportedUserId: input.userId,
        roomId: input.roomId,
        roomKind,
        messageId: input.messageId ?? null,
        reason: input.reason,
        note: input.note ?? "",
        snapshot,
      });
      const reporters = await queries.distinctReportersSince(
        tx,
        input.userId,
        SAFETY_LIMITS.reportWindowHours,
      );
      if (reporters >= SAFETY_LIMITS.reportsToPause) await pauseForReview(tx, input.userId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", SAFETY_ERROR.alreadyReported);
    throw error;
  }
  if (input.block) await block(deps, caller, input.userId);
  return { message: SAFETY_TOAST.reported, blocked: Boolean(input.block) };
}
