import { Link, type LinkProps } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LogoMark } from "@/components/logo";

interface AuthCardProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every account page uses. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="relative flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-12">
      <div className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]" />
      <Card className="w-full max-w-md shadow-xl">
        <CardHeader className="justify-items-center text-center">
          <LogoMark className="mb-2 size-10" />
          <CardTitle as="h1">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {children}
          {footer ? (
            <div className="text-center text-sm text-muted-foreground">{footer}</div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

export interface AuthCardLinkProps {
  /** The question before the link ("New here?"); the link stands alone without it. */
  prompt?: string;
  to: LinkProps["to"];
  label: string;
}

/** The footer's way to the neighbouring account page. */
export function AuthCardLink({ prompt, to, label }: AuthCardLinkProps) {
  return (
    <>
      {prompt ? <>{prompt} </> : null}
      <Link to={to} className="font-medium text-primary hover:underline">
        {label}
      </Link>
    </>
  );
}
