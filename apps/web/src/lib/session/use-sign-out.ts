import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "@/lib/toast";
import { SESSION_REFRESH_DELAY_MS, TOAST } from "@chatsphere/contract";
import { SESSION_KEY } from "./session-query";

/** Ends the session, forgets every cached query and returns to the home page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const { authClient } = await import("@/lib/auth-client");
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message || error.statusText);
    },
    onSuccess: async () => {
      await new Promise((resolve) => setTimeout(resolve, SESSION_REFRESH_DELAY_MS));
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      queryClient.setQueryData(SESSION_KEY, null);
      toast.success(TOAST.loggedOut);
      await navigate({ to: "/" });
    },
    onError: () => toast.error(TOAST.logOutFailed),
  });
}
