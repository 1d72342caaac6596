import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useId } from "react";
import { toast } from "@/lib/toast";
import { SAFETY_TEXT, SAFETY_TOAST, TOAST, type SafetySettings } from "@chatsphere/contract";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { rpc } from "@/lib/rpc";
import { rpcErrorMessage } from "@/lib/rpc-error";
import { safetySettingsQuery } from "../api";

/**
 * What stranger chat does with what strangers send (issue 14): links wait for a tap when the
 * switch is on (off by default). Saved at once; the switch shows the new state while saving
 * and goes back if the server refuses.
 */
export function SafetySettingsCard() {
  const id = useId();
  const queryClient = useQueryClient();
  const { queryKey } = safetySettingsQuery();
  const settings = useQuery(safetySettingsQuery());
  const save = useMutation({
    mutationFn: (next: SafetySettings) => rpc.safety.updateSettings(next),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, next);
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      toast.success(SAFETY_TOAST.settingsSaved);
    },
    onError: (error, _next, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      toast.error(rpcErrorMessage(error, TOAST.genericError));
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-success" aria-hidden /> {SAFETY_TEXT.safetyTitle}
        </CardTitle>
        <CardDescription>{SAFETY_TEXT.safetyDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <Label htmlFor={id} className="leading-snug">
              {SAFETY_TEXT.linksOnTapLabel}
            </Label>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {SAFETY_TEXT.linksOnTapDescription}
            </p>
          </div>
          {settings.data ? (
            <Switch
              id={id}
              aria-describedby={`${id}-description`}
              checked={settings.data.strangerLinksOnTap}
              disabled={save.isPending}
              onCheckedChange={(checked) => save.mutate({ strangerLinksOnTap: checked })}
            />
          ) : (
            <Skeleton className="h-6 w-11 shrink-0 rounded-full" />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
