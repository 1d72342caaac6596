import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { adsScriptUrl, ADS_SCRIPT_URL, carriesAds } from "@chatsphere/contract";
import { appConfig } from "@/lib/app-config";
import { cn } from "@/lib/cn";

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/**
 * A responsive ad unit (SPEC §1) for the public content pages. Without ADS_CLIENT and
 * ADS_SLOT on the server it renders nothing at all, and it never renders on a page the
 * server does not load the ad script for (the chat screen, the admin area, account pages).
 */
export function AdSlot({ className }: { className?: string }) {
  const ads = appConfig().ads;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (!ads || !carriesAds(pathname)) return null;
  return <AdUnit client={ads.client} slot={ads.slot} className={className} />;
}

function AdUnit({ client, slot, className }: { client: string; slot: string; className?: string }) {
  const unit = useRef<HTMLModElement>(null);
  useEffect(() => {
    // Once per <ins>: a second push for the same slot (StrictMode's double effect) is an error.
    const element = unit.current;
    if (!element || element.dataset.adRequested) return;
    element.dataset.adRequested = "true";
    loadAdsScript(client);
    (window.adsbygoogle ||= []).push({});
  }, [client]);
  return (
    <aside
      aria-label="Advertisement"
      className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6", className)}
    >
      <p className="mb-1 text-center text-[11px] font-medium tracking-wider text-muted-foreground uppercase">
        Advertisement
      </p>
      <ins
        ref={unit}
        className="adsbygoogle block min-h-[90px] w-full"
        data-ad-client={client}
        data-ad-slot={slot}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
    </aside>
  );
}

/**
 * The server's HTML carries the loader only on a page opened at an ad-bearing address; a
 * visitor who arrives on one through the app (from the chat screen, say) gets it here, once.
 * The slots pushed before it loads wait in `window.adsbygoogle` and are filled when it runs.
 */
function loadAdsScript(client: string) {
  if (document.querySelector(`script[src^="${ADS_SCRIPT_URL}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.crossOrigin = "anonymous";
  script.src = adsScriptUrl(client);
  document.head.append(script);
}
