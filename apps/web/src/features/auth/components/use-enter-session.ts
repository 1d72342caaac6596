import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, type LinkProps } from "@tanstack/react-router";
import { refreshSession } from "@/lib/session/session-query";

/**
 * What follows a sign-in or sign-up: the session is read again first, so the header and the
 * route guards of the page we go to already know who is signed in.
 */
export function useEnterSession(to: LinkProps["to"]) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await refreshSession(queryClient);
    await navigate({ to });
  };
}
