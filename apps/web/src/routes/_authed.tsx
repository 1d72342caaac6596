import { createFileRoute, Outlet } from "@tanstack/react-router";
import { requireSession } from "@/lib/session/guards";

/** Every route below needs a session, guest or registered; without one it goes to /. */
export const Route = createFileRoute("/_authed")({
  beforeLoad: requireSession,
  component: Outlet,
});
