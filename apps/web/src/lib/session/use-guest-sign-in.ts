import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "@/lib/toast";
import { TOAST, type ChatTab } from "@chatsphere/contract";
import { refreshSession } from "./session-query";

/** Starts an anonymous guest session, then opens the chat on the given tab (SPEC §4). */
export function useGuestSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (tab: ChatTab) => {
      const { authClient } = await import("@/lib/auth-client");
      const { error } = await authClient.signIn.anonymous();
      if (error) throw new Error(error.message || error.statusText);
      return tab;
    },
    onSuccess: async (tab) => {
      toast.success(TOAST.guestSignedIn);
      await refreshSession(queryClient);
      await navigate({ to: "/chat", search: { tab } });
    },
    onError: () => toast.error(TOAST.guestSignInFailed),
  });
}
