import { Link } from "@tanstack/react-router";
import { Link2 } from "lucide-react";
import { TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SocialButtons } from "@/components/social-buttons";

/**
 * Guests need an account for rooms and following (SPEC §6). Linking Google or Facebook turns
 * this guest account into a full one: the server carries its chats over.
 */
export function LinkAccountCard() {
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-primary" aria-hidden /> {TEXT.linkAccountTitle}
        </CardTitle>
        <CardDescription>{TEXT.linkAccountCardBody}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SocialButtons callbackURL="/profile" />
        <Button variant="link" asChild className="justify-self-center">
          <Link to="/sign-up">{TEXT.linkWithEmail}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
