import { Link } from "@tanstack/react-router";
import { Link2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SocialButtons } from "@/components/social-buttons";

/** Guests keep their session but need an account for rooms and following (SPEC §6). */
export function LinkAccountCard() {
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-primary" /> Link your account
        </CardTitle>
        <CardDescription>
          You are chatting as a guest. Link Google or Facebook to unlock chat rooms, following and
          direct messages.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SocialButtons callbackURL="/profile" />
        <Button variant="link" asChild className="justify-self-center">
          <Link to="/sign-up">Or create an account with your e-mail</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
