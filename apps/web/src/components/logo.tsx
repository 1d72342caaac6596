import { Link } from "@tanstack/react-router";
import { BRAND } from "@chatsphere/contract";
import { cn } from "@/lib/cn";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn("size-8", className)}>
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--brand-from)" />
          <stop offset="1" stopColor="var(--brand-to)" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#logo-gradient)" />
      <path
        d="M18 22a8 8 0 0 1 8-8h12a8 8 0 0 1 8 8v10a8 8 0 0 1-8 8h-7l-8 7v-7.3A8 8 0 0 1 18 32z"
        fill="#fff"
      />
      <circle cx="27" cy="27" r="2.5" fill="var(--brand-from)" />
      <circle cx="37" cy="27" r="2.5" fill="var(--brand-to)" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn("flex items-center gap-2 rounded-lg", className)}
      aria-label={`${BRAND} home`}
    >
      <LogoMark />
      <span className="text-lg font-bold tracking-tight">
        Chat<span className="text-gradient">Sphere</span>
      </span>
    </Link>
  );
}
