import { useEffect, useState } from "react";

/**
 * The rendered width of an element, kept up to date as it resizes. Give the returned ref
 * callback to the element; the width is 0 until it has been measured.
 */
export function useElementWidth<T extends Element>() {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width] as const;
}
