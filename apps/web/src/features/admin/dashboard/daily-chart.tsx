import { useState } from "react";
import type { DailyCount } from "@chatsphere/contract";
import { cn } from "@/lib/cn";
import { useElementWidth } from "@/lib/use-element-width";
import { formatDay, labelledDays, niceTicks } from "./chart-scale";

interface DailyChartProps {
  data: readonly DailyCount[];
  /** The spoken summary (the SVG is one image to a screen reader; the table has the days). */
  label: string;
  variant: "bar" | "area";
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 26, left: 40 };
/** The room one date label needs under the axis. */
const LABEL_WIDTH = 56;

/**
 * A small SVG chart of one count per day, drawn with the theme's colours (so dark mode
 * follows), sized to its container, with the day's value shown on hover.
 */
export function DailyChart({ data, label, variant }: DailyChartProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [hovered, setHovered] = useState<number | null>(null);
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const ticks = niceTicks(Math.max(0, ...data.map((day) => day.count)));
  const top = ticks.at(-1) ?? 1;
  const band = data.length > 0 ? plotWidth / data.length : 0;
  const x = (index: number) => MARGIN.left + band * index + band / 2;
  const y = (count: number) => MARGIN.top + plotHeight - (count / top) * plotHeight;
  const active = hovered === null ? undefined : data[hovered];

  return (
    <div ref={ref} className="relative w-full" style={{ height: HEIGHT }}>
      {width > 0 ? (
        <svg
          role="img"
          aria-label={label}
          width={width}
          height={HEIGHT}
          className="block overflow-visible text-[11px] tabular-nums"
          onMouseLeave={() => setHovered(null)}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                className={cn("stroke-border", tick !== 0 && "[stroke-dasharray:3_3]")}
              />
              <text
                x={MARGIN.left - 8}
                y={y(tick)}
                dy="0.32em"
                textAnchor="end"
                className="fill-muted-foreground"
              >
                {tick.toLocaleString("en-US")}
              </text>
            </g>
          ))}
          {variant === "bar" ? (
            data.map((day, index) => (
              <rect
                key={day.date}
                x={x(index) - (band * 0.7) / 2}
                width={band * 0.7}
                y={y(day.count)}
                height={Math.max(0, y(0) - y(day.count))}
                rx={Math.min(3, band * 0.2)}
                className={cn(
                  "fill-primary transition-opacity",
                  hovered !== null && hovered !== index && "opacity-50",
                )}
              />
            ))
          ) : (
            <AreaPath data={data} x={x} y={y} />
          )}
          {labelledDays(data.length, Math.floor(plotWidth / LABEL_WIDTH)).map((index) => (
            <text
              key={index}
              x={x(index)}
              y={HEIGHT - 8}
              textAnchor="middle"
              className="fill-muted-foreground"
            >
              {formatDay(data[index]?.date ?? "")}
            </text>
          ))}
          {active && hovered !== null ? (
            <g aria-hidden>
              <line
                x1={x(hovered)}
                x2={x(hovered)}
                y1={MARGIN.top}
                y2={y(0)}
                className="stroke-muted-foreground/40"
              />
              {variant === "area" ? (
                <circle
                  cx={x(hovered)}
                  cy={y(active.count)}
                  r={4}
                  className="fill-primary stroke-card stroke-2"
                />
              ) : null}
            </g>
          ) : null}
          {/* Hit areas, one per day, over the whole height: easier to aim at than a bar. */}
          {data.map((day, index) => (
            <rect
              key={day.date}
              x={MARGIN.left + band * index}
              width={band}
              y={MARGIN.top}
              height={plotHeight}
              fill="transparent"
              onMouseEnter={() => setHovered(index)}
            />
          ))}
        </svg>
      ) : null}
      {active && hovered !== null ? (
        <div
          aria-hidden
          className={cn(
            "pointer-events-none absolute z-10 rounded-md border bg-popover px-2.5 py-1.5 text-xs whitespace-nowrap text-popover-foreground shadow-md",
            // Beside the day's line, on the side with more room, never over the bar.
            x(hovered) > width / 2 ? "-translate-x-full -ml-2" : "ml-2",
          )}
          style={{ left: x(hovered), top: MARGIN.top }}
        >
          <div className="text-muted-foreground">{formatDay(active.date, true)}</div>
          <div className="font-semibold tabular-nums">{active.count.toLocaleString("en-US")}</div>
        </div>
      ) : null}
    </div>
  );
}

interface AreaPathProps {
  data: readonly DailyCount[];
  x: (index: number) => number;
  y: (count: number) => number;
}

function AreaPath({ data, x, y }: AreaPathProps) {
  if (data.length === 0) return null;
  const points = data.map((day, index) => `${x(index)},${y(day.count)}`);
  const line = `M${points.join("L")}`;
  const area = `${line}L${x(data.length - 1)},${y(0)}L${x(0)},${y(0)}Z`;
  return (
    <>
      <path d={area} className="fill-primary/15" />
      <path d={line} fill="none" className="stroke-primary stroke-2 [stroke-linejoin:round]" />
    </>
  );
}
