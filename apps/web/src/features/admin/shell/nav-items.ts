import {
  Flag,
  FolderTree,
  LayoutDashboard,
  MessagesSquare,
  MessageSquareText,
  Newspaper,
  ScrollText,
  Tags,
  Users,
  type LucideIcon,
} from "lucide-react";
import { SAFETY_TEXT } from "@chatsphere/contract";

export type AdminPath =
  | "/admin/dashboard"
  | "/admin/dashboard/users"
  | "/admin/dashboard/reports"
  | "/admin/dashboard/audit"
  | "/admin/dashboard/blogs"
  | "/admin/dashboard/categories"
  | "/admin/dashboard/tags"
  | "/admin/dashboard/feedbacks"
  | "/admin/dashboard/comments";

export interface AdminNavItem {
  label: string;
  to: AdminPath;
  icon: LucideIcon;
  /** The pathname (prefix) this entry stands for, for highlighting and the breadcrumb. */
  section: string;
  /** Only the section itself, not the pages below it. */
  exact?: boolean;
}

/** The admin side navigation (SPEC §2), in the spec's order; Reports and Audit log (issue 14) after Users. */
export const ADMIN_NAV: AdminNavItem[] = [
  {
    label: "Dashboard",
    to: "/admin/dashboard",
    icon: LayoutDashboard,
    section: "/admin/dashboard",
    exact: true,
  },
  { label: "Users", to: "/admin/dashboard/users", icon: Users, section: "/admin/dashboard/users" },
  {
    label: SAFETY_TEXT.reportsNav,
    to: "/admin/dashboard/reports",
    icon: Flag,
    section: "/admin/dashboard/reports",
  },
  {
    label: SAFETY_TEXT.auditNav,
    to: "/admin/dashboard/audit",
    icon: ScrollText,
    section: "/admin/dashboard/audit",
  },
  {
    label: "Blogs",
    to: "/admin/dashboard/blogs",
    icon: Newspaper,
    section: "/admin/dashboard/blogs",
  },
  {
    label: "Categories",
    to: "/admin/dashboard/categories",
    icon: FolderTree,
    section: "/admin/dashboard/categories",
  },
  { label: "Tags", to: "/admin/dashboard/tags", icon: Tags, section: "/admin/dashboard/tags" },
  {
    label: "Feedbacks",
    to: "/admin/dashboard/feedbacks",
    icon: MessageSquareText,
    section: "/admin/dashboard/feedbacks",
  },
  {
    label: "Comments",
    to: "/admin/dashboard/comments",
    icon: MessagesSquare,
    section: "/admin/dashboard/comments",
  },
];

export const isActive = (pathname: string, item: AdminNavItem) => {
  const clean = pathname.replace(/\/+$/, "");
  return clean === item.section || (!item.exact && clean.startsWith(`${item.section}/`));
};

export interface Crumb {
  label: string;
  to?: AdminPath;
}

/** 'Dashboard > Blogs > New', 'Dashboard > Tags', 'Dashboard > Profile'. */
export function breadcrumbOf(pathname: string): Crumb[] {
  const clean = pathname.replace(/\/+$/, "");
  const root: Crumb = { label: "Dashboard", to: "/admin/dashboard" };
  if (clean === "/admin/profile") return [root, { label: "Profile" }];
  const item = ADMIN_NAV.find((entry) => !entry.exact && isActive(clean, entry));
  if (!item) return [{ label: "Dashboard" }];
  if (clean === item.section) return [root, { label: item.label }];
  const rest = clean.slice(item.section.length + 1);
  const leaf = rest === "new" ? "New" : rest;
  return [root, { label: item.label, to: item.to }, { label: leaf }];
}
