import { Link } from "@tanstack/react-router";
import { Link2, MessageSquareHeart } from "lucide-react";
import { CONTENT_TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { SessionData } from "@/lib/auth-client";
import { isGuest } from "@/lib/session/session-query";
import { FeedbackForm } from "./feedback-form";
import { OwnFeedbackList } from "./own-feedback-list";

/** Send feedback and read back what you sent (SPEC §2); guests are asked to link first. */
export function FeedbackPage({ session }: { session: SessionData }) {
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
          <MessageSquareHeart className="size-7 text-primary" aria-hidden />
          {CONTENT_TEXT.feedbackHeading}
        </h1>
        <p className="text-muted-foreground">{CONTENT_TEXT.feedbackSubtitle}</p>
      </header>
      {isGuest(session) ? (
        <Card className="border-primary/40">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Link2 className="size-5 text-primary" /> Link your account
            </CardTitle>
            <CardDescription>{CONTENT_TEXT.feedbackGuest}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/profile">Go to your profile</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <FeedbackForm />
          <OwnFeedbackList />
        </>
      )}
    </div>
  );
}
