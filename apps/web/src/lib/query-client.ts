import { QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { TOAST } from "@chatsphere/contract";

function errorMessage(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A failed query shows 'Error: {message}' with a Retry action that refetches every query
 * (SPEC §8); `afterRetry` lets the router reload pages whose loader had failed. Mutations
 * report their own outcome where they are called.
 */
export function createQueryClient(options: { afterRetry?: () => void } = {}) {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        toast.error(TOAST.queryError(errorMessage(error)), {
          id: `query-error-${errorMessage(error)}`,
          action: {
            label: "Retry",
            onClick: () => {
              void queryClient.refetchQueries().then(() => options.afterRetry?.());
            },
          },
        });
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
  return queryClient;
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { silent?: boolean };
  }
}
