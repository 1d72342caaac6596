import { createFileRoute } from "@tanstack/react-router";
import { bioQueryOptions } from "@/features/profile/api";
import { ProfilePage } from "@/features/profile/profile-page";
import { useSession } from "@/lib/session/use-session";

export const Route = createFileRoute("/admin/_admin/profile")({
  loader: ({ context }) => context.queryClient.ensureQueryData(bioQueryOptions()),
  component: AdminProfileRoute,
});

function AdminProfileRoute() {
  const { session: initial } = Route.useRouteContext();
  const { data: session } = useSession();
  return <ProfilePage session={session ?? initial} className="mx-0 px-0 py-0 sm:px-0" />;
}
