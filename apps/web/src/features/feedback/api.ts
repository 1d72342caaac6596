import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { CONTENT_TOAST, FEEDBACK_PAGE_SIZE } from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import { failureText } from "@/lib/rpc-error";

/** The signed-in user's own feedback, newest first, 20 per page (SPEC §9). */
export const ownFeedbacksOptions = () =>
  orpc.feedback.listUser.infiniteOptions({
    input: (offset: number) => ({ limit: FEEDBACK_PAGE_SIZE, offset }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.length * FEEDBACK_PAGE_SIZE : undefined,
  });

export function useSendFeedback(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => rpc.feedback.create({ message }),
    onSuccess: async () => {
      toast.success(CONTENT_TOAST.feedbackSubmitted);
      onDone();
      await queryClient.invalidateQueries({ queryKey: orpc.feedback.listUser.key() });
    },
    onError: (error) => toast.error(failureText(error, CONTENT_TOAST.feedbackFailed)),
  });
}
