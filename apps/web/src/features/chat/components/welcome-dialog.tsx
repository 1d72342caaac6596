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

/** Whether this browser has accepted the chat page's house rules (SPEC §2, localStorage). */
export function useWelcome() {
  const [accepted, setAccepted] = useState(() => storage.get("welcomeAccepted") === "true");
  const accept = () => {
    storage.set("welcomeAccepted", "true");
    setAccepted(true);
  };
  return { accepted, accept };
}

/**
 * Shown once per browser on the chat page (SPEC §2) until accepted (`useWelcome`). The page
 * opens nothing else over it: two modals at once would each hide the other from assistive
 * technology, leaving the one on top unreadable by a screen reader.
 */
export function WelcomeDialog({ open, onAccept }: { open: boolean; onAccept(): void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onAccept())}>
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
          <Button variant="brand" onClick={onAccept} autoFocus>
            Got it, let's chat
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
