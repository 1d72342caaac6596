import { Suspense } from "react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { UserAvatar } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";
import type { SessionData } from "@/lib/auth-client";
import { BlockedUsersCard } from "./components/blocked-users-card";
import { ChangePasswordForm } from "./components/change-password-form";
import { LinkAccountCard } from "./components/link-account-card";
import { ProfileForm } from "./components/profile-form";
import { SafetySettingsCard } from "./components/safety-settings-card";

/** The profile page; the admin profile reuses it inside the admin layout (`className`). */
export function ProfilePage({ session, className }: { session: SessionData; className?: string }) {
  const { user } = session;
  const guest = Boolean(user.isAnonymous);
  return (
    <div className={cn("mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6", className)}>
      <header className="flex items-center gap-4">
        <UserAvatar name={user.name} image={user.image} className="size-16 text-xl" />
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            <span className="truncate">{user.name}</span>
            {guest ? <Badge variant="warning">Guest</Badge> : null}
            {user.role === "admin" ? <Badge>Admin</Badge> : null}
          </h1>
          {guest ? null : <p className="truncate text-sm text-muted-foreground">{user.email}</p>}
        </div>
      </header>
      {guest ? <LinkAccountCard /> : null}
      <Suspense fallback={<Skeleton className="h-80 rounded-xl" />}>
        <ProfileForm key={user.id} name={user.name} />
      </Suspense>
      {guest ? null : <ChangePasswordForm />}
      <SafetySettingsCard />
      <BlockedUsersCard />
    </div>
  );
}
