import { queryOptions, type QueryClient } from "@tanstack/react-query";
import {
  FOLLOW_PAGE_SIZE,
  ROOM_MEMBERS_PAGE_SIZE,
  ROOMS_PAGE_SIZE,
  UNREAD_POLL_MS,
  type FollowList,
} from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import type { FollowPages } from "./following/follow-pages";
import { syncHistory, type History } from "./history-sync";
import type { RoomPages } from "./rooms/room-pages";

/**
 * A room's messages. The first fetch reads the newest page; each refetch (the channel ready
 * again after a reconnect) reads every page after the newest one held, however many. Pages
 * merge into what is shown by id: events that arrived meanwhile stay, nothing shows twice.
 */
export const messagesQuery = (roomId: string) =>
  queryOptions({
    queryKey: ["messages", roomId] as const,
    queryFn: ({ client, queryKey }): Promise<History> =>
      syncHistory(rpc.message.list, roomId, () => client.getQueryData<History>(queryKey)),
    staleTime: Infinity,
    // The conversation shows 'Failed to load chat history' itself (SPEC §8).
    meta: { silent: true },
  });

/*
 * The paged lists: each page continues at the cursor of the one before, and a refetch (the
 * room lists on a timer and on `rooms_changed`, members on presence changes) reloads the
 * pages already shown.
 */
const nextPage = (cursor: string | null) => cursor ?? undefined;

/** Every public room, global ones first ("All rooms"). */
export const roomsQuery = () =>
  orpc.room.listRooms.infiniteOptions({
    input: (cursor: string | undefined) => ({ limit: ROOMS_PAGE_SIZE, cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => nextPage(last.nextCursor),
  });

/** The rooms the user is in, most recently active first, with unread counts ("Your rooms"). */
export const myRoomsQuery = () =>
  orpc.room.getMyRooms.infiniteOptions({
    input: (cursor: string | undefined) => ({ limit: ROOMS_PAGE_SIZE, cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => nextPage(last.nextCursor),
  });

/** Both room lists, for refetching or editing them together. */
const ROOM_LIST_KEYS = [orpc.room.listRooms.key(), orpc.room.getMyRooms.key()] as const;

/** Applies an edit (rooms/room-pages.ts) to both cached room lists at once. */
export function editRoomLists(
  queryClient: QueryClient,
  edit: (data: RoomPages | undefined) => RoomPages | undefined,
) {
  for (const queryKey of ROOM_LIST_KEYS) queryClient.setQueriesData<RoomPages>({ queryKey }, edit);
}

/** Refetches both room lists (after an action, on `rooms_changed`, after a reconnect). */
export const refreshRoomLists = (queryClient: QueryClient) =>
  Promise.all(ROOM_LIST_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export const membersQuery = (roomId: string) =>
  orpc.room.listRoomMembers.infiniteOptions({
    input: (cursor: string | undefined) => ({ roomId, limit: ROOM_MEMBERS_PAGE_SIZE, cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => nextPage(last.nextCursor),
  });

/** One follow list (the Following tab pages its three sections separately). */
export const followingQuery = (list: FollowList) =>
  orpc.user.userFollowing.infiniteOptions({
    input: (cursor: string | undefined) => ({ list, limit: FOLLOW_PAGE_SIZE, cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => nextPage(last.nextCursors[list]),
  });

/** Every follow list and every "do I follow them" answer, for refetching them together. */
const FOLLOW_KEYS = [orpc.user.userFollowing.key(), orpc.user.isFollowing.key()] as const;

/** Refetches the follow lists and relations (after a follow, unfollow or a follow notice). */
export const refreshFollowState = (queryClient: QueryClient) =>
  Promise.all(FOLLOW_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** Refetches the follow lists only (a new direct message changes a preview). */
export const refreshFollowLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: FOLLOW_KEYS[0] });

/** Applies an edit (following/follow-pages.ts) to every cached follow list at once. */
export function editFollowLists(
  queryClient: QueryClient,
  edit: (data: FollowPages | undefined) => FollowPages | undefined,
) {
  queryClient.setQueriesData<FollowPages>({ queryKey: FOLLOW_KEYS[0] }, edit);
}

export const isFollowingQuery = (userId: string) =>
  orpc.user.isFollowing.queryOptions({ input: { userId } });

/**
 * Unread direct messages: polled every UNREAD_POLL_MS (SPEC §4) as the fallback for the
 * `dm_unread` pushes that edit it at once. A failed poll stays quiet; the next one retries.
 */
export const unreadSummaryQuery = () =>
  orpc.dm.getUnreadSummary.queryOptions({
    refetchInterval: UNREAD_POLL_MS,
    meta: { silent: true },
  });

/** The pair's one direct chat (get-or-create: the same room however often it is asked). */
export const directChatQuery = (otherUserId: string) =>
  orpc.dm.getOrCreateChat.queryOptions({
    input: { otherUserId },
    staleTime: Infinity,
    // The chat pane says it could not start the chat itself.
    meta: { silent: true },
  });

/**
 * Everyone the caller blocked (ids): room conversations hide their messages. Kept until
 * `blocks_changed` (any device) or a block or unblock here invalidates it.
 */
export const blockedIdsQuery = () =>
  orpc.safety.blockedIds.queryOptions({ staleTime: Infinity, meta: { silent: true } });

/** The caller's choices about strangers (links wait for a tap). */
export const safetySettingsQuery = () =>
  orpc.safety.getSettings.queryOptions({ staleTime: Infinity, meta: { silent: true } });

/** Refetches what blocking changes: the blocked ids and lists, and the follows it ended. */
export const refreshBlocks = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: orpc.safety.blockedIds.key() }),
    queryClient.invalidateQueries({ queryKey: orpc.safety.listBlocked.key() }),
    refreshFollowState(queryClient),
  ]);
