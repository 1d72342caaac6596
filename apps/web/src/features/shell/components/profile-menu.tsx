import { Link } from "@tanstack/react-router";
import { LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { TEXT } from "@chatsphere/contract";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { SessionData } from "@/lib/auth-client";
import { isAdmin, isGuest } from "@/lib/session/session-query";
import { useSignOut } from "@/lib/session/use-sign-out";
import { LoadingOverlay } from "@/components/loading-overlay";

/** The signed-in user's menu: name, badges, e-mail (not for guests), links and Log Out. */
export function ProfileMenu({ session }: { session: SessionData }) {
  const signOut = useSignOut();
  const { user } = session;
  const admin = isAdmin(session);
  const guest = isGuest(session);
  return (
    <>
      {signOut.isPending ? <LoadingOverlay /> : null}
      <DropdownMenu>
        <DropdownMenuTrigger className="flex items-center gap-2 rounded-full p-0.5 pr-1 transition-colors hover:bg-accent sm:pr-3">
          <UserAvatar name={user.name} image={user.image} className="size-8" />
          <span className="hidden max-w-32 truncate text-sm font-medium sm:block">{user.name}</span>
          <span className="sr-only">Profile menu</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="grid gap-1">
            <span className="flex items-center gap-2">
              <span className="truncate font-semibold">{user.name}</span>
              {guest ? <Badge variant="warning">Guest</Badge> : null}
              {admin ? <Badge>Admin</Badge> : null}
            </span>
            {guest ? null : (
              <span className="truncate text-xs font-normal text-muted-foreground">
                {user.email}
              </span>
            )}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {admin ? (
            <>
              <DropdownMenuItem asChild>
                <Link to="/admin/profile">
                  <UserRound /> Admin Profile
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link to="/admin/dashboard">
                  <LayoutDashboard /> Dashboard
                </Link>
              </DropdownMenuItem>
            </>
          ) : (
            <DropdownMenuItem asChild>
              <Link to="/profile">
                <UserRound /> Profile
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="destructive"
            disabled={signOut.isPending}
            onSelect={() => signOut.mutate()}
          >
            <LogOut /> {TEXT.logOut}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
