import { useQuery } from "@tanstack/react-query";
import { ShieldCheck, Sparkles } from "lucide-react";
import { useState } from "react";
import { safetySettingsQuery } from "../../api";
import { useStranger } from "../../hooks/use-stranger";
import { NoMatchDialog } from "./no-match-dialog";
import { OnlineCount } from "./online-count";
import { StartForm } from "./start-form";
import { StrangerConversation } from "./stranger-conversation";
import { WaitingCard } from "./waiting-card";

const TIPS = [
  "Be kind: there is a real person on the other side.",
  "Never share your address, passwords or money details.",
  "Not a good fit? Skip to meet someone else.",
];

/** Stranger chat: start form, the wait, the conversation, and the wait's end. */
export function StrangerTab({ self }: { self: { id: string; name: string } }) {
  const stranger = useStranger(self);
  // Read before any chat starts, so a stranger's first link shows as the reader chose.
  useQuery(safetySettingsQuery());
  const [name, setName] = useState(self.name);
  const busy = stranger.phase === "starting";
  const form = (
    <StartForm
      name={name}
      onNameChange={setName}
      region={stranger.region}
      onRegionChange={stranger.setRegion}
      ready={stranger.ready}
      busy={busy}
      onlineCount={stranger.onlineCount}
      onStart={(value) => void stranger.start(value)}
    />
  );

  return (
    <div className="flex h-full min-h-0">
      <aside className="hidden w-80 shrink-0 flex-col gap-6 overflow-y-auto border-r bg-muted/30 p-5 lg:flex">
        {stranger.phase === "idle" ? (
          form
        ) : (
          <StatusCard phase={stranger.phase} onlineCount={stranger.onlineCount} />
        )}
        <section className="mt-auto grid gap-2 rounded-xl border bg-card p-4 text-sm">
          <h3 className="flex items-center gap-2 font-medium">
            <ShieldCheck className="size-4 text-success" /> Stay safe
          </h3>
          <ul className="grid gap-1.5 text-muted-foreground">
            {TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      </aside>
      <section className="flex min-w-0 flex-1 flex-col">
        {stranger.phase === "idle" ? (
          <div className="flex flex-1 items-center justify-center overflow-y-auto p-4">
            <div className="w-full max-w-sm rounded-2xl border bg-card p-6 shadow-sm lg:hidden">
              {form}
            </div>
            <div className="hidden max-w-md flex-col items-center gap-3 text-center lg:flex">
              <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-gradient text-white shadow-lg shadow-primary/30">
                <Sparkles className="size-8" />
              </span>
              <h2 className="text-2xl font-bold tracking-tight">Talk to someone new</h2>
              <p className="text-muted-foreground">
                Pick a name and a region on the left, then press Start. We pair you with a random
                person in a second or two.
              </p>
            </div>
          </div>
        ) : null}
        {stranger.phase === "starting" || stranger.phase === "waiting" ? (
          <WaitingCard
            region={stranger.region}
            since={stranger.waitingSince}
            onCancel={stranger.leave}
          />
        ) : null}
        {stranger.phase === "matched" && stranger.room ? (
          <StrangerConversation
            key={stranger.room.id}
            room={stranger.room}
            selfId={self.id}
            onSkip={() => void stranger.skip()}
            onLeave={stranger.leave}
            onStrangerLeft={stranger.strangerLeft}
            onLost={stranger.roomLost}
          />
        ) : null}
      </section>
      <NoMatchDialog
        reason={stranger.noMatchReason}
        onClose={stranger.closeNoMatch}
        onRetry={() => {
          stranger.closeNoMatch();
          void stranger.start(name.trim());
        }}
      />
    </div>
  );
}

function StatusCard({ phase, onlineCount }: { phase: string; onlineCount: number }) {
  return (
    <div className="grid gap-2 rounded-xl border bg-card p-4">
      <p className="text-sm font-medium">
        {phase === "matched" ? "You're in a chat" : "Searching..."}
      </p>
      <OnlineCount count={onlineCount} />
    </div>
  );
}
