import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { CONTENT_TEXT, taxonomyNameSchema, type TaxonomyNameInput } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { rpcErrorMessage, rpcErrorStatus } from "@/lib/rpc-error";
import { TAXONOMY, type TaxonomyKind } from "./config";

/** Creates a tag or category; on success the form resets and the list refetches (SPEC §7). */
export function CreateNameForm({ kind }: { kind: TaxonomyKind }) {
  const texts = TAXONOMY[kind];
  const queryClient = useQueryClient();
  const form = useForm<TaxonomyNameInput>({
    resolver: zodResolver(taxonomyNameSchema),
    defaultValues: { name: "" },
  });
  const create = useMutation({
    mutationFn: ({ name }: TaxonomyNameInput) => texts.create(name),
    onSuccess: async () => {
      toast.success(texts.created);
      form.reset({ name: "" });
      await queryClient.invalidateQueries({ queryKey: texts.listKey() });
    },
    onError: (error) => {
      const message = rpcErrorMessage(error, "Something went wrong.");
      toast.error(message);
      if (rpcErrorStatus(error) === 409) form.setError("name", { message });
    },
  });
  const error = form.formState.errors.name?.message;
  const errorId = `${kind}-name-error`;
  return (
    <form noValidate className="grid gap-2" onSubmit={form.handleSubmit((v) => create.mutate(v))}>
      <label htmlFor={`${kind}-name`} className="sr-only">
        {texts.placeholder}
      </label>
      <div className="flex gap-2">
        <Input
          id={`${kind}-name`}
          placeholder={texts.placeholder}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...form.register("name")}
        />
        <Button type="submit" pending={create.isPending}>
          {create.isPending ? null : <Plus />} {CONTENT_TEXT.create}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
