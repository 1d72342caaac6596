import { createFileRoute } from "@tanstack/react-router";
import { bioQueryOptions } from "@/features/profile/api";
import { ProfilePage } from "@/features/profile/profile-page";
import { useSession } from "@/lib/session/use-session";

export const Route = createFileRoute("/_authed/profile")({
  loader: ({ context }) => context.queryClient.ensureQueryData(bioQueryOptions()),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { session: initial } = Route.useRouteContext();
  const { data: session } = useSession();
  return <ProfilePage session={session ?? initial} />;
}
