import { describe, expect, it } from "vitest";
import { localDay, metricsReportCsv, reportFileName } from "./report";

describe("dashboard report", () => {
  it("has the columns Metric and Value and one row per metric, in the spec's order", () => {
    const csv = metricsReportCsv({
      totalBlogs: 3,
      totalComments: 14,
      totalUsers: 1200,
      activeNow: 7,
      totalLoggedInUsers: 900,
      totalGuestUsers: 300,
    });
    expect(csv).toBe(
      [
        "\uFEFFMetric,Value",
        "totalBlogs,3",
        "totalComments,14",
        "totalUsers,1200",
        "activeNow,7",
        "totalLoggedInUsers,900",
        "totalGuestUsers,300",
        "",
      ].join("\r\n"),
    );
  });

  it("is named as a dashboard metrics report of the local day", () => {
    const day = new Date(2025, 0, 5, 23, 30);
    expect(localDay(day)).toBe("2025-01-05");
    expect(reportFileName(day)).toBe("dashboard-metrics-report-2025-01-05.csv");
  });
});
