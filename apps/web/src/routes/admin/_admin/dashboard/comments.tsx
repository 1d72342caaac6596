import { createFileRoute } from "@tanstack/react-router";
import { PendingCommentsPage } from "@/features/admin/moderation/pending-comments-page";

export const Route = createFileRoute("/admin/_admin/dashboard/comments")({
  component: PendingCommentsPage,
});
