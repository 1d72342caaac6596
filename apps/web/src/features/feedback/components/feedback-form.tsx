import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import {
  CONTENT_TEXT,
  FEEDBACK_MAX_LENGTH,
  feedbackSchema,
  type FeedbackInput,
} from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { useSendFeedback } from "../api";

export function FeedbackForm() {
  const form = useForm<FeedbackInput>({
    resolver: zodResolver(feedbackSchema),
    defaultValues: { message: "" },
  });
  const send = useSendFeedback(() => form.reset({ message: "" }));
  const length = useWatch({ control: form.control, name: "message" }).length;
  return (
    <Card>
      <CardContent className="pt-6">
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ message }) => send.mutate(message))}
        >
          <FormField
            label={CONTENT_TEXT.feedbackLabel}
            error={form.formState.errors.message?.message}
            hint={`${length}/${FEEDBACK_MAX_LENGTH}`}
          >
            <Textarea
              rows={5}
              placeholder={CONTENT_TEXT.feedbackPlaceholder}
              {...form.register("message")}
            />
          </FormField>
          <Button
            type="submit"
            variant="brand"
            pending={send.isPending}
            className="justify-self-end"
          >
            {send.isPending ? null : <Send />} {CONTENT_TEXT.sendFeedback}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
