import { describe, expect, it } from "vitest";
import { ADMIN_NAV, breadcrumbOf, isActive } from "./nav-items";

const item = (label: string) => {
  const found = ADMIN_NAV.find((entry) => entry.label === label);
  if (!found) throw new Error(label);
  return found;
};

describe("admin breadcrumb (SPEC §2: Dashboard > Blogs)", () => {
  it.each([
    ["/admin/dashboard/blogs", ["Dashboard", "Blogs"]],
    ["/admin/dashboard/blogs/", ["Dashboard", "Blogs"]],
    ["/admin/dashboard/blogs/new", ["Dashboard", "Blogs", "New"]],
    ["/admin/dashboard/tags", ["Dashboard", "Tags"]],
    ["/admin/dashboard/users", ["Dashboard", "Users"]],
    ["/admin/dashboard", ["Dashboard"]],
    ["/admin/dashboard/comments", ["Dashboard", "Comments"]],
    ["/admin/dashboard/reports", ["Dashboard", "Reports"]],
    ["/admin/dashboard/audit", ["Dashboard", "Audit log"]],
    ["/admin/profile", ["Dashboard", "Profile"]],
  ])("%s reads %j", (pathname, labels) => {
    expect(breadcrumbOf(pathname).map((crumb) => crumb.label)).toEqual(labels);
  });

  it("links every crumb but the last", () => {
    const crumbs = breadcrumbOf("/admin/dashboard/blogs/new");
    expect(crumbs.map((crumb) => crumb.to)).toEqual([
      "/admin/dashboard",
      "/admin/dashboard/blogs",
      undefined,
    ]);
  });
});

describe("admin navigation", () => {
  it("lists the spec's entries in order", () => {
    expect(ADMIN_NAV.map((entry) => entry.label)).toEqual([
      "Dashboard",
      "Users",
      "Reports",
      "Audit log",
      "Blogs",
      "Categories",
      "Tags",
      "Feedbacks",
      "Comments",
    ]);
  });

  it("links Dashboard and Users to their own pages", () => {
    expect(item("Dashboard").to).toBe("/admin/dashboard");
    expect(item("Users").to).toBe("/admin/dashboard/users");
    expect(item("Reports").to).toBe("/admin/dashboard/reports");
    expect(item("Audit log").to).toBe("/admin/dashboard/audit");
  });

  it("highlights only the entry of the current page", () => {
    const active = ADMIN_NAV.filter((entry) => isActive("/admin/dashboard/blogs/new", entry));
    expect(active.map((entry) => entry.label)).toEqual(["Blogs"]);
    expect(isActive("/admin/dashboard", item("Dashboard"))).toBe(true);
    expect(isActive("/admin/dashboard/tags", item("Dashboard"))).toBe(false);
    const onUsers = ADMIN_NAV.filter((entry) => isActive("/admin/dashboard/users", entry));
    expect(onUsers.map((entry) => entry.label)).toEqual(["Users"]);
  });
});
