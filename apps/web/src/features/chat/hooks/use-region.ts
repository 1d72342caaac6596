import { useState } from "react";
import { DEFAULT_REGION, REGIONS, type Region } from "@chatsphere/contract";
import { storage } from "@/lib/storage";

const isRegion = (value: string | null): value is Region =>
  value !== null && (REGIONS as readonly string[]).includes(value);

/** The stranger-chat continent, remembered in this browser (SPEC §3; default World). */
export function useRegion(): [Region, (region: Region) => void] {
  const [region, setRegion] = useState<Region>(() => {
    const stored = storage.get("strangerRegion");
    return isRegion(stored) ? stored : DEFAULT_REGION;
  });
  return [
    region,
    (next) => {
      storage.set("strangerRegion", next);
      setRegion(next);
    },
  ];
}
