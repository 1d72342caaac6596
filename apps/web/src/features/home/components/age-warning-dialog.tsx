import { ShieldAlert } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import { BRAND, TOAST } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { dialogStyles } from "@/components/ui/dialog-styles";
import { RequiredDialog } from "@/components/ui/required-dialog";
import { cn } from "@/lib/cn";
import { storage } from "@/lib/storage";

/** Where a visitor who is not an adult is sent. */
const LEAVE_URL = "https://www.google.com";

/**
 * The adults-only gate of the home page. It shows until the visitor confirms once; the
 * answer is kept in localStorage (SPEC §3 "Client-stored values").
 */
export function AgeWarningDialog() {
  const [open, setOpen] = useState(() => storage.get("ageAccepted") !== "true");
  const titleId = useId();
  const descriptionId = useId();

  const accept = () => {
    storage.set("ageAccepted", "true");
    setOpen(false);
    toast.success(TOAST.ageConfirmed);
    toast(TOAST.welcome(BRAND));
  };

  return (
    <RequiredDialog open={open} labelledBy={titleId} describedBy={descriptionId}>
      <div className={cn(dialogStyles.header, "justify-items-center text-center sm:text-center")}>
        <div className="mb-2 rounded-2xl bg-amber-100 p-3 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300">
          <ShieldAlert className="size-7" />
        </div>
        <h2 id={titleId} className={dialogStyles.title}>
          Are you 18 or older?
        </h2>
        <p id={descriptionId} className={dialogStyles.description}>
          {BRAND} is a chat platform for adults only. Conversations with strangers may contain
          mature content. By continuing you confirm that you are at least 18 years old and that you
          will treat others with respect.
        </p>
      </div>
      <div className={cn(dialogStyles.footer, "sm:justify-center")}>
        <Button variant="outline" asChild>
          <a href={LEAVE_URL}>I am under 18</a>
        </Button>
        <Button variant="brand" onClick={accept} data-autofocus>
          I am 18 or older
        </Button>
      </div>
    </RequiredDialog>
  );
}
