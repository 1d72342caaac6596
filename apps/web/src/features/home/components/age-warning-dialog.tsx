import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { BRAND, TOAST } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { storage } from "@/lib/storage";

/** Where a visitor who is not an adult is sent. */
const LEAVE_URL = "https://www.google.com";

/**
 * The adults-only gate of the home page. It shows until the visitor confirms once; the
 * answer is kept in localStorage (SPEC §3 "Client-stored values").
 */
export function AgeWarningDialog() {
  const [open, setOpen] = useState(() => storage.get("ageAccepted") !== "true");

  const accept = () => {
    storage.set("ageAccepted", "true");
    setOpen(false);
    toast.success(TOAST.ageConfirmed);
    toast(TOAST.welcome(BRAND));
  };

  return (
    <Dialog open={open}>
      <DialogContent
        hideClose
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader className="justify-items-center text-center sm:text-center">
          <div className="mb-2 rounded-2xl bg-amber-100 p-3 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300">
            <ShieldAlert className="size-7" />
          </div>
          <DialogTitle>Are you 18 or older?</DialogTitle>
          <DialogDescription>
            {BRAND} is a chat platform for adults only. Conversations with strangers may contain
            mature content. By continuing you confirm that you are at least 18 years old and that
            you will treat others with respect.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-center">
          <Button variant="outline" asChild>
            <a href={LEAVE_URL}>I am under 18</a>
          </Button>
          <Button variant="brand" onClick={accept} autoFocus>
            I am 18 or older
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
