import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "@/lib/toast";
import { BIO_MAX_LENGTH, profileSchema, TOAST, type ProfileInput } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { refreshSession } from "@/lib/session/session-query";
import { rpc } from "@/lib/rpc";
import { BIO_KEY, bioQueryOptions } from "../api";

/** Name and bio; the bio is loaded separately from the session (SPEC §3). */
export function ProfileForm({ name }: { name: string }) {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(bioQueryOptions());
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    mode: "onTouched",
    defaultValues: { name, bio: data.bio },
  });
  const save = useMutation({
    mutationFn: (values: ProfileInput) => rpc.user.updateProfile(values),
    onSuccess: async (saved) => {
      toast.success(TOAST.profileUpdated);
      form.reset(saved);
      queryClient.setQueryData(BIO_KEY, { bio: saved.bio });
      await refreshSession(queryClient);
    },
    onError: (error) => toast.error(error.message),
  });
  const { errors } = form.formState;
  const bioLength = useWatch({ control: form.control, name: "bio" }).length;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>This is how other people see you in chats.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="nickname" {...form.register("name")} />
          </FormField>
          <FormField
            label="Bio"
            error={errors.bio?.message}
            hint={`${bioLength}/${BIO_MAX_LENGTH}`}
          >
            <Textarea rows={4} placeholder="A few words about you" {...form.register("bio")} />
          </FormField>
          <Button type="submit" pending={save.isPending} className="justify-self-start">
            Save profile
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
