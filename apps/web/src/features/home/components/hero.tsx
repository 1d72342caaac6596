import { Link } from "@tanstack/react-router";
import { ArrowRight, MessagesSquare, Shuffle, Sparkles } from "lucide-react";
import { TEXT } from "@chatsphere/contract";
import { InitialsAvatar } from "@/components/ui/initials-avatar";
import { ChatModeButton } from "./chat-mode-button";

function ChatPreview() {
  const bubble = "max-w-[80%] rounded-2xl px-4 py-2 text-sm shadow-sm";
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-sm">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-brand-gradient opacity-20 blur-3xl" />
      <div className="rounded-3xl border bg-card p-4 shadow-2xl">
        <div className="mb-4 flex items-center gap-3 border-b pb-3">
          <InitialsAvatar name="Lena Fischer" className="size-10" />
          <div>
            <p className="text-sm font-semibold">Lena · Europe</p>
            <p className="flex items-center gap-1 text-xs text-success">
              <span className="size-2 rounded-full bg-success" /> Matched just now
            </p>
          </div>
        </div>
        <div className="grid gap-2">
          <p className={`${bubble} justify-self-start bg-muted`}>Hi! Greetings from Vienna 👋</p>
          <p className={`${bubble} justify-self-end bg-primary text-primary-foreground`}>
            Hey Lena! Tokyo here, it is almost midnight 🌙
          </p>
          <p className={`${bubble} justify-self-start bg-muted`}>No way, what keeps you up?</p>
          <div className="flex items-center gap-1 justify-self-start rounded-2xl bg-muted px-4 py-3">
            <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
          </div>
        </div>
      </div>
    </div>
  );
}

export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_65%)]" />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div className="grid gap-6 text-center lg:text-left">
          <p className="mx-auto inline-flex w-fit items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground lg:mx-0">
            <Sparkles className="size-3.5 text-primary" /> Free · Instant · 18+ only
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Talk to the world, <span className="text-gradient">one chat at a time</span>
          </h1>
          <p className="mx-auto max-w-xl text-lg text-muted-foreground lg:mx-0">
            Meet someone new in a second, hang out in rooms built around what you love, and keep the
            people you click with. No downloads, no waiting.
          </p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <ChatModeButton tab="stranger-chat" variant="brand" size="lg">
              <Shuffle /> Stranger Chat
            </ChatModeButton>
            <ChatModeButton tab="chat-rooms" variant="outline" size="lg">
              <MessagesSquare /> Chat Room
            </ChatModeButton>
          </div>
          <Link
            to="/blogs"
            className="mx-auto inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline lg:mx-0"
          >
            {TEXT.exploreBlog} <ArrowRight className="size-4" />
          </Link>
        </div>
        <ChatPreview />
      </div>
    </section>
  );
}
