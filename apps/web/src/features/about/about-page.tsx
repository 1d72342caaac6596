import { Link } from "@tanstack/react-router";
import { Compass, Globe2, HeartHandshake, Lightbulb, ShieldCheck, Target } from "lucide-react";
import { BRAND, TEXT } from "@chatsphere/contract";
import { AdSlot } from "@/components/ad-slot";
import { Button } from "@/components/ui/button";

/** The four core values (SPEC §1): community, global reach, innovation, safety. */
const VALUES = [
  {
    title: "Community",
    text: "Every feature starts with the people using it. Rooms are run by their members, and kindness is the house rule.",
    Icon: HeartHandshake,
  },
  {
    title: "Global Reach",
    text: "A student in Nairobi and a nurse in Oslo should be one click apart. We build for every continent and every time zone.",
    Icon: Globe2,
  },
  {
    title: "Innovation",
    text: "Matching in about a second, media with instant previews, realtime everything. We sweat the details so chatting feels effortless.",
    Icon: Lightbulb,
  },
  {
    title: "Safety",
    text: "Adults only, moderation tools for room owners, profanity filtering and quick reporting. Safety is designed in, not bolted on.",
    Icon: ShieldCheck,
  },
];

export function AboutPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <header className="mx-auto max-w-3xl text-center">
        <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">About us</p>
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          We help strangers become <span className="text-gradient">friends</span>
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">
          {BRAND} is a place to meet people you would never have met otherwise: safely, instantly
          and from anywhere in the world.
        </p>
      </header>

      <div className="mt-16 grid gap-6 md:grid-cols-2">
        <section className="rounded-2xl border bg-card p-8 shadow-sm" aria-labelledby="mission">
          <div className="mb-4 inline-flex rounded-xl bg-accent p-3 text-primary">
            <Target className="size-6" />
          </div>
          <h2 id="mission" className="text-2xl font-bold">
            Our Mission
          </h2>
          <p className="mt-3 text-muted-foreground">
            To make real conversation between people of every culture as easy as opening a browser
            tab, while keeping every chat respectful and safe.
          </p>
        </section>
        <section className="rounded-2xl border bg-card p-8 shadow-sm" aria-labelledby="vision">
          <div className="mb-4 inline-flex rounded-xl bg-accent p-3 text-primary">
            <Compass className="size-6" />
          </div>
          <h2 id="vision" className="text-2xl font-bold">
            Our Vision
          </h2>
          <p className="mt-3 text-muted-foreground">
            A world that feels smaller and friendlier, where anyone can find someone to talk to,
            learn from, or laugh with, at any hour.
          </p>
        </section>
      </div>

      <section className="mt-16" aria-labelledby="values">
        <h2 id="values" className="text-center text-3xl font-bold tracking-tight">
          Our Core Values
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-2xl border bg-card p-6 text-center shadow-sm">
              <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-2xl bg-brand-gradient text-white shadow-md">
                <Icon className="size-6" />
              </div>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 grid justify-items-center gap-4 text-center">
        <h2 className="text-2xl font-bold">{TEXT.ctaTitle}</h2>
        <Button asChild variant="brand" size="lg">
          <Link to="/chat">{TEXT.getStarted}</Link>
        </Button>
      </div>
      <AdSlot className="mt-16 px-0 sm:px-0" />
    </div>
  );
}
