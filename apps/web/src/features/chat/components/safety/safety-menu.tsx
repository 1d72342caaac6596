import { useQuery } from "@tanstack/react-query";
import { EllipsisVertical, Flag, ShieldBan, ShieldCheck } from "lucide-react";
import { useRef, useState, type ReactNode, type RefObject } from "react";
import { SAFETY_TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/cn";
import { blockedIdsQuery } from "../../api";
import { useUnblock } from "../../hooks/use-block";
import { BlockDialog } from "./block-dialog";
import { ReportDialog } from "./report-dialog";

type SafetyDialog = "report" | "block";

interface Person {
  id: string;
  name: string;
}

/**
 * Which of Report and Block is open, from a menu. The dialogs mount on first use only (a
 * room shows a menu on every message), and stay mounted after, so they close gracefully.
 */
export function useSafetyDialog() {
  const [dialog, setDialog] = useState<SafetyDialog | null>(null);
  const [used, setUsed] = useState(false);
  return {
    dialog,
    used,
    open: (next: SafetyDialog) => {
      setUsed(true);
      setDialog(next);
    },
    close: () => setDialog(null),
  };
}

type SafetyDialogState = ReturnType<typeof useSafetyDialog>;

/**
 * Report (when there is a conversation to report from) and Block, or Unblock for someone
 * blocked already, as menu items. Mounted while the menu is open only.
 */
export function SafetyMenuItems({
  person,
  dialogs,
  canReport,
  reportLabel = SAFETY_TEXT.report,
  separated = false,
}: {
  person: Person;
  dialogs: SafetyDialogState;
  canReport: boolean;
  reportLabel?: string;
  /** Other items come before: a line sets these apart. */
  separated?: boolean;
}) {
  const blocked = useQuery(blockedIdsQuery());
  const unblock = useUnblock(person);
  const isBlocked = blocked.data?.userIds.includes(person.id) ?? false;
  return (
    <>
      {separated ? <DropdownMenuSeparator /> : null}
      <DropdownMenuItem disabled={!canReport} onSelect={() => dialogs.open("report")}>
        <Flag aria-hidden />
        {reportLabel}
      </DropdownMenuItem>
      {isBlocked ? (
        <DropdownMenuItem disabled={unblock.isPending} onSelect={() => unblock.mutate()}>
          <ShieldCheck aria-hidden />
          {SAFETY_TEXT.unblock}
        </DropdownMenuItem>
      ) : (
        <DropdownMenuItem variant="destructive" onSelect={() => dialogs.open("block")}>
          <ShieldBan aria-hidden />
          {SAFETY_TEXT.block}
        </DropdownMenuItem>
      )}
    </>
  );
}

/** The Report and Block dialogs of a menu, rendered beside it (never inside the menu). */
export function SafetyDialogs({
  dialogs,
  person,
  roomId,
  messageId,
  onBlocked,
  returnFocusTo,
}: {
  dialogs: SafetyDialogState;
  person: Person;
  roomId: string | null;
  messageId?: string;
  onBlocked?(): void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  if (!dialogs.used) return null;
  const close = (open: boolean) => {
    if (!open) dialogs.close();
  };
  return (
    <>
      {roomId ? (
        <ReportDialog
          open={dialogs.dialog === "report"}
          onOpenChange={close}
          person={person}
          roomId={roomId}
          messageId={messageId}
          onBlocked={onBlocked}
          returnFocusTo={returnFocusTo}
        />
      ) : null}
      <BlockDialog
        open={dialogs.dialog === "block"}
        onOpenChange={close}
        person={person}
        onBlocked={onBlocked}
        returnFocusTo={returnFocusTo}
      />
    </>
  );
}

/**
 * A '...' menu with Report and Block for one person: in a conversation's header, on a
 * message. Not modal: a dialog opens from it, and two modal layers at once can leave the page
 * unclickable when the second one closes.
 */
export function SafetyMenu({
  person,
  roomId,
  messageId,
  onBlocked,
  label,
  reportLabel,
  icon,
  className,
  align = "end",
}: {
  person: Person;
  /** The conversation (null while it is not known yet: Report waits). */
  roomId: string | null;
  messageId?: string;
  onBlocked?(): void;
  /** The trigger's accessible name. */
  label: string;
  reportLabel?: string;
  icon?: ReactNode;
  className?: string;
  align?: "start" | "end";
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const dialogs = useSafetyDialog();
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            size="icon-sm"
            aria-label={label}
            className={cn("shrink-0", className)}
          >
            {icon ?? <EllipsisVertical className="size-4" aria-hidden />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align={align}>
          <SafetyMenuItems
            person={person}
            dialogs={dialogs}
            canReport={roomId !== null}
            reportLabel={reportLabel}
          />
        </DropdownMenuContent>
      </DropdownMenu>
      <SafetyDialogs
        dialogs={dialogs}
        person={person}
        roomId={roomId}
        messageId={messageId}
        onBlocked={onBlocked}
        returnFocusTo={trigger}
      />
    </>
  );
}
