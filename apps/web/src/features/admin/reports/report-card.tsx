import { Ban, Flag, UserX, X } from "lucide-react";
import { useMemo, useState } from "react";
import {
  REPORT_REASON_LABEL,
  SAFETY_TEXT,
  USERS_TEXT,
  type AdminReport,
} from "@chatsphere/contract";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatLocalDateTime } from "@/lib/format-date";
import { useDecideReport, useDeleteReportedMessage } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { SnapshotTranscript } from "./snapshot-transcript";
import { displayName, transcriptOf, type TranscriptLine } from "./transcript";

const labelClass = "text-xs font-medium tracking-wide text-muted-foreground uppercase";

/**
 * One open report: why and when, who is reported (how many people reported them, whether
 * they are paused or banned already), who reported, the note, the conversation as it was,
 * and the decisions: Dismiss, Ban user (confirmed), Delete message (confirmed, per message).
 */
export function ReportCard({ report }: { report: AdminReport }) {
  const decide = useDecideReport();
  const remove = useDeleteReportedMessage();
  const [confirmBan, setConfirmBan] = useState(false);
  const [toDelete, setToDelete] = useState<TranscriptLine | null>(null);
  const lines = useMemo(() => transcriptOf(report), [report]);
  const reportedName = displayName(report.reported.name);
  const createdAt = new Date(report.createdAt);
  const run = (decision: "dismiss" | "ban") => decide.mutate({ reportId: report.id, decision });

  return (
    <li>
      <article
        aria-label={SAFETY_TEXT.reportCard(reportedName)}
        className="overflow-hidden rounded-xl border bg-background shadow-xs"
      >
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b bg-muted/40 px-3 py-2.5 sm:px-4">
          <Badge variant="warning">
            <Flag className="size-3" aria-hidden /> {REPORT_REASON_LABEL[report.reason]}
          </Badge>
          <span className="text-xs text-muted-foreground">
            {SAFETY_TEXT.roomKindLabel[report.roomKind]}
          </span>
          <time
            dateTime={report.createdAt}
            className="ml-auto text-xs text-muted-foreground tabular-nums"
          >
            {formatLocalDateTime(createdAt)}
          </time>
        </header>

        <div className="grid gap-4 p-3 sm:p-4">
          <dl className="grid gap-3 sm:grid-cols-2">
            <div className="grid content-start gap-2 rounded-lg border bg-card p-3">
              <dt className={labelClass}>{SAFETY_TEXT.reported}</dt>
              <dd className="grid gap-2">
                <div className="flex items-center gap-3">
                  <UserAvatar name={reportedName} image={report.reported.image} />
                  <div className="grid min-w-0">
                    <h2 className="font-semibold wrap-anywhere">{reportedName}</h2>
                    <p className="text-xs text-muted-foreground">
                      {SAFETY_TEXT.reportedBy(report.distinctReporters)}
                    </p>
                  </div>
                </div>
                {report.reported.pausedFromStrangers || report.reported.banned ? (
                  <div className="flex flex-wrap gap-1.5">
                    {report.reported.pausedFromStrangers ? (
                      <Badge variant="warning" className="font-medium">
                        {SAFETY_TEXT.pausedBadge}
                      </Badge>
                    ) : null}
                    {report.reported.banned ? (
                      <Badge variant="destructive">{USERS_TEXT.bannedBadge}</Badge>
                    ) : null}
                  </div>
                ) : null}
              </dd>
            </div>
            <div className="grid content-start gap-2 rounded-lg border bg-card p-3">
              <dt className={labelClass}>{SAFETY_TEXT.reporter}</dt>
              <dd className="flex items-center gap-3">
                {report.reporter ? (
                  <>
                    <UserAvatar
                      name={displayName(report.reporter.name)}
                      image={report.reporter.image}
                    />
                    <span className="min-w-0 font-medium wrap-anywhere">
                      {displayName(report.reporter.name)}
                    </span>
                  </>
                ) : (
                  <>
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                      <UserX className="size-4" aria-hidden />
                    </span>
                    <span className="text-muted-foreground italic">
                      {SAFETY_TEXT.deletedAccount}
                    </span>
                  </>
                )}
              </dd>
            </div>
          </dl>

          {report.note.trim() ? (
            <div className="grid gap-1 rounded-lg border-l-4 border-primary/50 bg-muted/50 px-3 py-2">
              <p className={labelClass}>{SAFETY_TEXT.noteHeading}</p>
              <p className="text-sm wrap-anywhere whitespace-pre-wrap">{report.note}</p>
            </div>
          ) : null}

          <div className="grid gap-2">
            <h3 className={labelClass}>
              {SAFETY_TEXT.snapshot}
              {lines.length > 0 ? (
                <span className="ml-1.5 font-normal tabular-nums">({lines.length})</span>
              ) : null}
            </h3>
            <SnapshotTranscript lines={lines} onDelete={setToDelete} deleting={remove.isPending} />
          </div>
        </div>

        <footer className="flex flex-col-reverse gap-2 border-t bg-muted/20 px-3 py-3 sm:flex-row sm:px-4 sm:justify-end">
          <Button
            variant="outline"
            pending={decide.isPending && decide.variables.decision === "dismiss"}
            disabled={decide.isPending}
            onClick={() => run("dismiss")}
          >
            {decide.isPending && decide.variables.decision === "dismiss" ? null : <X aria-hidden />}
            {SAFETY_TEXT.dismiss}
          </Button>
          <Button
            variant="destructive"
            pending={decide.isPending && decide.variables.decision === "ban"}
            disabled={decide.isPending}
            onClick={() => setConfirmBan(true)}
          >
            {decide.isPending && decide.variables.decision === "ban" ? null : <Ban aria-hidden />}
            {SAFETY_TEXT.banUser}
          </Button>
        </footer>
      </article>

      <ConfirmDialog
        open={confirmBan}
        onOpenChange={setConfirmBan}
        title={SAFETY_TEXT.banTitle(reportedName)}
        description={SAFETY_TEXT.banDescription(reportedName)}
        confirmLabel={SAFETY_TEXT.banUser}
        onConfirm={() => run("ban")}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={SAFETY_TEXT.deleteMessageTitle}
        description={SAFETY_TEXT.deleteMessageDescription}
        confirmLabel={SAFETY_TEXT.deleteMessage}
        onConfirm={() => {
          if (toDelete) remove.mutate({ reportId: report.id, messageId: toDelete.id });
        }}
      >
        {toDelete ? (
          <blockquote className="grid gap-0.5 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
            <span className="text-xs text-muted-foreground">
              {toDelete.sender} · {toDelete.time}
            </span>
            <span className="line-clamp-4 wrap-anywhere whitespace-pre-wrap">{toDelete.text}</span>
          </blockquote>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}
