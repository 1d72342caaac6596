import { Link, Outlet, useRouterState } from "@tanstack/react-router";
import { ChevronRight, PanelLeft, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
import { AdminNav } from "./admin-nav";
import { breadcrumbOf } from "./nav-items";

function AdminBadge() {
  return (
    <p className="mb-3 flex items-center gap-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
      <ShieldCheck className="size-4 text-primary" aria-hidden /> Admin
    </p>
  );
}

/** The admin layout: side navigation (a sheet on small screens), breadcrumb, then the page. */
export function AdminShell() {
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const crumbs = breadcrumbOf(pathname);
  return (
    <div className="mx-auto flex w-full max-w-7xl gap-8 px-4 py-6 sm:px-6 lg:py-8">
      <aside className="hidden w-56 shrink-0 lg:block">
        <div className="sticky top-24">
          <AdminBadge />
          <AdminNav />
        </div>
      </aside>
      <div className="grid min-w-0 flex-1 content-start gap-6">
        <div className="flex items-center gap-2">
          <Sheet open={open} onOpenChange={setOpen}>
            <SheetTrigger asChild>
              <Button
                variant="outline"
                size="icon-sm"
                className="lg:hidden"
                aria-label="Admin menu"
              >
                <PanelLeft />
              </Button>
            </SheetTrigger>
            <SheetContent side="left">
              <SheetTitle className="sr-only">Admin menu</SheetTitle>
              <SheetDescription className="sr-only">Admin navigation</SheetDescription>
              <AdminBadge />
              <AdminNav onNavigate={() => setOpen(false)} />
            </SheetContent>
          </Sheet>
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
              {crumbs.map((crumb, index) => (
                <li key={`${crumb.label}-${index}`} className="flex items-center gap-1.5">
                  {index > 0 ? <ChevronRight className="size-3.5" aria-hidden /> : null}
                  {crumb.to && index < crumbs.length - 1 ? (
                    <Link to={crumb.to} className="transition-colors hover:text-foreground">
                      {crumb.label}
                    </Link>
                  ) : (
                    <span aria-current="page" className="font-medium text-foreground">
                      {crumb.label}
                    </span>
                  )}
                </li>
              ))}
            </ol>
          </nav>
        </div>
        <Outlet />
      </div>
    </div>
  );
}
