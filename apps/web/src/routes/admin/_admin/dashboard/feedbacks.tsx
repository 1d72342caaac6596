import { createFileRoute } from "@tanstack/react-router";
import { FeedbacksPage } from "@/features/admin/moderation/feedbacks-page";

export const Route = createFileRoute("/admin/_admin/dashboard/feedbacks")({
  component: FeedbacksPage,
});
