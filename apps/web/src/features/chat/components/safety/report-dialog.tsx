import { Flag } from "lucide-react";
import { useId, useState, type RefObject } from "react";
import {
  REPORT_REASON_LABEL,
  REPORT_REASONS,
  SAFETY_LIMITS,
  SAFETY_TEXT,
  TEXT,
  TOAST,
  type ReportReason,
} from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { rpcErrorMessage } from "@/lib/rpc-error";
import { useReport } from "../../hooks/use-report";

export interface ReportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  person: { id: string; name: string };
  /** The conversation it happened in (its last messages go with the report). */
  roomId: string;
  /** One message of theirs the report is about. */
  messageId?: string;
  /** They were blocked with the report ('Also block them'). */
  onBlocked?(): void;
  /** Where focus goes when the dialog closes (the menu item that opened it is gone). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * Report someone (issue 14): a reason, an optional note, and 'Also block them'. The dialog
 * stays open with what was typed if the server refuses, and says why in its words.
 */
export function ReportDialog(props: ReportDialogProps) {
  const { person } = props;
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [missingReason, setMissingReason] = useState(false);
  const report = useReport(person, props.onBlocked);
  const refusal = report.isError ? rpcErrorMessage(report.error, TOAST.genericError) : null;

  function close(open: boolean) {
    if (report.isPending) return;
    props.onOpenChange(open);
    if (!open) report.reset();
  }

  function submit() {
    if (!reason) return setMissingReason(true);
    const trimmed = note.trim();
    report.mutate(
      {
        roomId: props.roomId,
        messageId: props.messageId,
        reason,
        note: trimmed || undefined,
        block: alsoBlock || undefined,
      },
      {
        onSuccess: () => {
          props.onOpenChange(false);
          setReason(null);
          setNote("");
          setAlsoBlock(false);
        },
      },
    );
  }

  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = props.returnFocusTo?.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <form
          className="grid gap-5"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogHeader className="text-left">
            <DialogTitle className="flex items-center gap-2 pr-6">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive">
                <Flag className="size-4" aria-hidden />
              </span>
              <span className="min-w-0 truncate">{SAFETY_TEXT.reportTitle(person.name)}</span>
            </DialogTitle>
            <DialogDescription>{SAFETY_TEXT.reportDescription}</DialogDescription>
          </DialogHeader>

          <fieldset className="grid gap-2.5">
            <legend id={`${id}-reason`} className="mb-2.5 text-sm font-medium">
              {SAFETY_TEXT.reasonLabel}
            </legend>
            <RadioGroup
              aria-labelledby={`${id}-reason`}
              aria-invalid={missingReason && !reason ? true : undefined}
              aria-describedby={missingReason && !reason ? `${id}-reason-error` : undefined}
              value={reason ?? ""}
              onValueChange={(value) => setReason(value as ReportReason)}
              disabled={report.isPending}
              className="gap-1.5"
            >
              {REPORT_REASONS.map((value) => (
                <Label
                  key={value}
                  htmlFor={`${id}-${value}`}
                  className={cn(
                    "flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 font-normal leading-snug transition-colors hover:bg-accent/60",
                    reason === value && "border-primary/60 bg-accent/60",
                  )}
                >
                  <RadioGroupItem id={`${id}-${value}`} value={value} />
                  {REPORT_REASON_LABEL[value]}
                </Label>
              ))}
            </RadioGroup>
            {missingReason && !reason ? (
              <p
                id={`${id}-reason-error`}
                role="alert"
                className="text-sm font-medium text-destructive"
              >
                {SAFETY_TEXT.reasonRequired}
              </p>
            ) : null}
          </fieldset>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>{SAFETY_TEXT.noteLabel}</Label>
            <Textarea
              id={`${id}-note`}
              rows={3}
              value={note}
              maxLength={SAFETY_LIMITS.noteMaxLength}
              placeholder={SAFETY_TEXT.notePlaceholder}
              aria-describedby={`${id}-note-count`}
              disabled={report.isPending}
              onChange={(event) => setNote(event.target.value)}
            />
            <p id={`${id}-note-count`} className="justify-self-end text-xs text-muted-foreground">
              {SAFETY_TEXT.noteCount(note.length, SAFETY_LIMITS.noteMaxLength)}
            </p>
          </div>

          <div className="flex items-start gap-3 rounded-lg bg-muted/60 p-3">
            <Checkbox
              id={`${id}-block`}
              checked={alsoBlock}
              disabled={report.isPending}
              onCheckedChange={(checked) => setAlsoBlock(checked === true)}
              aria-describedby={`${id}-block-hint`}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-block`} className="cursor-pointer">
                {SAFETY_TEXT.alsoBlock}
              </Label>
              <p id={`${id}-block-hint`} className="text-xs text-muted-foreground">
                {SAFETY_TEXT.blockDescription}
              </p>
            </div>
          </div>

          {refusal ? (
            <p
              role="alert"
              className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
            >
              {refusal}
            </p>
          ) : null}

          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={report.isPending}
              onClick={() => close(false)}
            >
              {TEXT.cancel}
            </Button>
            <Button type="submit" variant="destructive" pending={report.isPending}>
              {report.isPending ? SAFETY_TEXT.sendingReport : SAFETY_TEXT.sendReport}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
