import { useMutation } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { TOAST, type SocialProvider } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FacebookIcon, GoogleIcon } from "@/components/social-icons";
import { appConfig } from "@/lib/app-config";
import { authClient, authErrorMessage } from "@/lib/auth-client";

const PROVIDERS: { id: SocialProvider; label: string; Icon: typeof GoogleIcon }[] = [
  { id: "google", label: "Google", Icon: GoogleIcon },
  { id: "facebook", label: "Facebook", Icon: FacebookIcon },
];

/**
 * Google and Facebook sign-in (or, for a guest, account linking: the guest session is
 * carried over). A provider the server has no credentials for says so instead of failing.
 */
export function SocialButtons({ callbackURL = "/chat" }: { callbackURL?: string }) {
  const { providers } = appConfig();
  const signIn = useMutation({
    mutationFn: async (provider: SocialProvider) => {
      const { error } = await authClient.signIn.social({
        provider,
        callbackURL,
        errorCallbackURL: "/log-in",
      });
      if (error) throw new Error(authErrorMessage(error));
    },
    onError: (error) => toast.error(error.message),
  });
  const missing = PROVIDERS.filter((p) => !providers[p.id]);

  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-2 gap-3">
        {PROVIDERS.map(({ id, label, Icon }) => {
          const configured = providers[id];
          return (
            <Button
              key={id}
              type="button"
              variant="outline"
              className={configured ? undefined : "text-muted-foreground"}
              pending={signIn.isPending && signIn.variables === id}
              onClick={() =>
                configured ? signIn.mutate(id) : toast.info(TOAST.providerNotConfigured(label))
              }
            >
              <Icon className="size-4" /> {label}
            </Button>
          );
        })}
      </div>
      {missing.length > 0 ? (
        <p className="text-center text-xs text-muted-foreground">
          {missing.map((p) => p.label).join(" and ")} sign-in {missing.length > 1 ? "are" : "is"}{" "}
          not configured on this server.
        </p>
      ) : null}
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
