import { DASHBOARD_TEXT, type DailyCount } from "@chatsphere/contract";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDay, seriesStats } from "./chart-scale";
import { DailyChart } from "./daily-chart";

interface ChartCardProps {
  title: string;
  data: readonly DailyCount[] | undefined;
  days: number | undefined;
  variant: "bar" | "area";
}

/**
 * One engagement chart over the server's range. A screen reader hears the summary (the
 * SVG's label) and can read every day in the table, which is visually hidden.
 */
export function ChartCard({ title, data, days, variant }: ChartCardProps) {
  const stats = seriesStats(data?.map((day) => day.count) ?? []);
  const summary =
    data && days ? DASHBOARD_TEXT.chartSummary(title, stats.total, stats.peak, days) : title;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {title}
        </CardTitle>
        <CardDescription>
          {days ? DASHBOARD_TEXT.rangeNote(days) : <Skeleton className="h-4 w-24" />}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data && days ? (
          <figure className="grid gap-3">
            <DailyChart data={data} label={summary} variant={variant} />
            <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
            {/* The wrapper hides the table: a table itself ignores sr-only's 1px height and
                would still lengthen the page. */}
            <div className="sr-only">
              <table>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{DASHBOARD_TEXT.dateColumn}</th>
                    <th scope="col">{DASHBOARD_TEXT.countColumn}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{formatDay(day.date, true)}</th>
                      <td>{day.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        ) : (
          <Skeleton className="h-[220px] w-full rounded-lg" />
        )}
      </CardContent>
    </Card>
  );
}
