import { createFileRoute } from "@tanstack/react-router";
import { FeedbackPage } from "@/features/feedback/components/feedback-page";
import { useSession } from "@/lib/session/use-session";

export const Route = createFileRoute("/_authed/feedback")({
  component: FeedbackRoute,
});

function FeedbackRoute() {
  const { session: initial } = Route.useRouteContext();
  const { data: session } = useSession();
  return <FeedbackPage session={session ?? initial} />;
}
