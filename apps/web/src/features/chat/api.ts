import { queryOptions } from "@tanstack/react-query";
import {
  FOLLOW_PAGE_SIZE,
  ROOM_MEMBERS_PAGE_SIZE,
  ROOMS_PAGE_SIZE,
  type FollowList,
} from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import { syncHistory, type History } from "./history-sync";

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
 * room list every 30 s, members on presence changes) reloads the pages already shown.
 */
const nextPage = (cursor: string | null) => cursor ?? undefined;

export const roomsQuery = () =>
  orpc.room.listRooms.infiniteOptions({
    input: (cursor: string | undefined) => ({ limit: ROOMS_PAGE_SIZE, cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => nextPage(last.nextCursor),
  });
export const ROOMS_KEY = orpc.room.listRooms.key();

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
