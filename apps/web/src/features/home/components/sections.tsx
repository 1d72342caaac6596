import { Link } from "@tanstack/react-router";
import { Quote } from "lucide-react";
import { TEXT } from "@chatsphere/contract";
import { InitialsAvatar } from "@/components/ui/initials-avatar";
import { Button } from "@/components/ui/button";
import { FEATURES, STEPS, TESTIMONIALS } from "../content";

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
}

function SectionHeading({ id, eyebrow, title, text }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className="mt-3 text-muted-foreground">{text}</p>
    </div>
  );
}

export function FeatureGrid() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6" aria-labelledby="features">
      <SectionHeading
        id="features"
        eyebrow="Features"
        title="Everything you need to connect"
        text="Three ways to chat, one account, and tools that keep every conversation friendly."
      />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ title, text, Icon }) => (
          <li
            key={title}
            className="group rounded-2xl border bg-card p-6 shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-md"
          >
            <div className="mb-4 inline-flex rounded-xl bg-accent p-3 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
              <Icon className="size-6" />
            </div>
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HowItWorks() {
  return (
    <section className="border-y bg-muted/40" aria-labelledby="how-it-works">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="how-it-works"
          eyebrow="How it works"
          title="From hello to conversation in three steps"
          text="No forms to fill before you can talk. Sign up later if you want more."
        />
        <ol className="grid gap-8 md:grid-cols-3">
          {STEPS.map(({ title, text, Icon }, index) => (
            <li key={title} className="relative grid justify-items-center gap-3 text-center">
              <div className="relative">
                <div className="flex size-16 items-center justify-center rounded-2xl bg-brand-gradient text-white shadow-lg shadow-primary/25">
                  <Icon className="size-7" />
                </div>
                <span className="absolute -top-2 -right-2 flex size-7 items-center justify-center rounded-full border-2 border-background bg-foreground text-xs font-bold text-background">
                  {index + 1}
                </span>
              </div>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="max-w-xs text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function Testimonials() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6" aria-labelledby="testimonials">
      <SectionHeading
        id="testimonials"
        eyebrow="Testimonials"
        title="Loved by people everywhere"
        text="A few words from the community."
      />
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map(({ name, place, text }) => (
          <li key={name}>
            <figure className="flex h-full flex-col gap-4 rounded-2xl border bg-card p-6 shadow-sm">
              <Quote className="size-6 text-primary/60" />
              <blockquote className="flex-1 text-sm leading-relaxed">{text}</blockquote>
              <figcaption className="flex items-center gap-3">
                <InitialsAvatar name={name} />
                <div>
                  <p className="text-sm font-semibold">{name}</p>
                  <p className="text-xs text-muted-foreground">{place}</p>
                </div>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CallToAction() {
  return (
    <section className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
      <div className="relative overflow-hidden rounded-3xl bg-brand-gradient px-6 py-14 text-center text-white shadow-xl">
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(255,255,255,0.25),transparent_40%)]" />
        <div className="relative grid justify-items-center gap-4">
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{TEXT.ctaTitle}</h2>
          <p className="max-w-xl text-white/85">
            Thousands of conversations are happening right now. Yours is one click away.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="bg-white text-violet-700 hover:bg-white/90">
              <Link to="/chat">{TEXT.getStarted}</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/60 bg-transparent text-white hover:bg-white/10 hover:text-white"
            >
              <Link to="/about">{TEXT.learnMore}</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
