import { orpc } from "@/lib/rpc";

export const bioQueryOptions = () => orpc.user.getBio.queryOptions();
export const BIO_KEY = orpc.user.getBio.key();

/** The caller's choices about strangers (issue 14). */
export const safetySettingsQuery = () => orpc.safety.getSettings.queryOptions();

/** The people the caller blocked, newest first, a page at a time. */
export const blockedUsersQuery = () =>
  orpc.safety.listBlocked.infiniteOptions({
    input: (cursor: string | undefined) => ({ cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
