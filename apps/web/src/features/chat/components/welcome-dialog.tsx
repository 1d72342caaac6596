import { MessageCircleHeart } from "lucide-react";
import { useState } from "react";
import { BRAND, TEXT } from "@chatsphere/contract";
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

const RULES = [
  "Be respectful. Harassment, hate and spam get people banned.",
  "Keep personal details (address, phone, passwords) to yourself.",
  "Skip or leave any chat you don't enjoy, at any time.",
];

/** Shown once per browser on the chat page (SPEC §2), remembered in localStorage. */
export function WelcomeDialog() {
  const [open, setOpen] = useState(() => storage.get("welcomeAccepted") !== "true");
  const accept = () => {
    storage.set("welcomeAccepted", "true");
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : accept())}>
      <DialogContent hideClose>
        <DialogHeader>
          <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-brand-gradient text-white">
            <MessageCircleHeart className="size-6" />
          </span>
          <DialogTitle>{TEXT.welcomeTitle(BRAND)}</DialogTitle>
          <DialogDescription>A few house rules keep every chat here friendly:</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 text-sm">
          {RULES.map((rule) => (
            <li key={rule} className="flex gap-2">
              <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden />
              {rule}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="brand" onClick={accept} autoFocus>
            Got it, let's chat
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
