import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  COMMENT_MAX_LENGTH,
  commentSchema,
  CONTENT_TEXT,
  TEXT,
  type CommentInput,
} from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { isGuest } from "@/lib/session/session-query";
import { useSession } from "@/lib/session/use-session";
import { useCreateComment } from "../api";

/** Registered readers comment; guests and visitors are told how to join in (SPEC §6). */
export function CommentForm({ blogId }: { blogId: string }) {
  const { data: session, isPending } = useSession();
  if (isPending) return null;
  if (!session) {
    return (
      <Invitation text={CONTENT_TEXT.commentLogIn}>
        <Button asChild size="sm">
          <Link to="/log-in">{TEXT.logIn}</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="/sign-up">{TEXT.signUp}</Link>
        </Button>
      </Invitation>
    );
  }
  if (isGuest(session)) {
    return (
      <Invitation text={CONTENT_TEXT.commentGuest}>
        <Button asChild size="sm">
          <Link to="/profile">Link your account</Link>
        </Button>
      </Invitation>
    );
  }
  return <WriteComment blogId={blogId} />;
}

function Invitation({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border bg-card px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">{text}</p>
      <div className="flex gap-2">{children}</div>
    </div>
  );
}

function WriteComment({ blogId }: { blogId: string }) {
  const form = useForm<CommentInput>({
    resolver: zodResolver(commentSchema),
    defaultValues: { text: "" },
  });
  const create = useCreateComment(blogId, () => form.reset({ text: "" }));
  const length = useWatch({ control: form.control, name: "text" }).length;
  return (
    <form
      noValidate
      className="grid gap-3 rounded-xl border bg-card p-4"
      onSubmit={form.handleSubmit(({ text }) => create.mutate(text))}
    >
      <FormField
        label={CONTENT_TEXT.commentLabel}
        error={form.formState.errors.text?.message}
        hint={`${CONTENT_TEXT.commentModerationHint} · ${length}/${COMMENT_MAX_LENGTH}`}
      >
        <Textarea
          rows={3}
          placeholder={CONTENT_TEXT.commentPlaceholder}
          {...form.register("text")}
        />
      </FormField>
      <Button type="submit" pending={create.isPending} className="justify-self-end">
        {CONTENT_TEXT.postComment}
      </Button>
    </form>
  );
}
