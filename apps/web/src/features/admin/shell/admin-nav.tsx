import { Link, useRouterState } from "@tanstack/react-router";
import { ChartNoAxesCombined, ExternalLink } from "lucide-react";
import { cn } from "@/lib/cn";
import { appConfig } from "@/lib/app-config";
import { ADMIN_NAV, isActive } from "./nav-items";

const itemClass =
  "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground";

/** The side navigation: the admin's pages and, when configured, the analytics dashboard. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const analyticsUrl = appConfig().analyticsUrl;
  return (
    <nav aria-label="Admin" className="grid gap-1">
      {ADMIN_NAV.map((item) => {
        const active = isActive(pathname, item);
        return (
          <Link
            key={item.label}
            to={item.to}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(itemClass, active && "bg-accent text-accent-foreground")}
          >
            <item.icon className="size-4" aria-hidden /> {item.label}
          </Link>
        );
      })}
      {analyticsUrl ? (
        <a
          href={analyticsUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(itemClass, "mt-2 border-t pt-3")}
        >
          <ChartNoAxesCombined className="size-4" aria-hidden /> Analytics
          <ExternalLink className="ml-auto size-3.5" aria-label="(opens in a new tab)" />
        </a>
      ) : null}
    </nav>
  );
}
