import type { InfiniteData } from "@tanstack/react-query";
import { FOLLOW_LISTS, type FollowUser, type UserFollowing } from "@chatsphere/contract";

/*
 * Edits of the cached follow lists (Mutual, Following, Followers) made at once, before the
 * refetch that follows: an unread count that changed, a chat read here, a message just said.
 */

export type FollowPages = InfiniteData<UserFollowing, string | undefined>;
type DirectChatInfo = NonNullable<FollowUser["directChat"]>;

function mapPeople(
  data: FollowPages | undefined,
  edit: (person: FollowUser) => FollowUser,
): FollowPages | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    mutual: page.mutual.map(edit),
    following: page.following.map(edit),
    followers: page.followers.map(edit),
  }));
  return { ...data, pages };
}

/** Patches the direct chat with this room, wherever its person is listed. */
export const withDirectChatPatched = (
  data: FollowPages | undefined,
  roomId: string,
  patch: Partial<Omit<DirectChatInfo, "roomId">>,
) =>
  mapPeople(data, (person) =>
    person.directChat?.roomId === roomId
      ? { ...person, directChat: { ...person.directChat, ...patch } }
      : person,
  );

/** A message said in the chat becomes its preview, unless a newer one is shown already. */
export const withLatestMessage = (
  data: FollowPages | undefined,
  roomId: string,
  latest: NonNullable<DirectChatInfo["latest"]>,
) =>
  mapPeople(data, (person) => {
    const chat = person.directChat;
    if (chat?.roomId !== roomId) return person;
    if (chat.latest && Date.parse(chat.latest.createdAt) > Date.parse(latest.createdAt)) {
      return person;
    }
    return { ...person, directChat: { ...chat, latest } };
  });

/** Someone as the loaded pages of any list know them (with the relation flags), or null. */
export function findPerson(
  lists: readonly (FollowPages | undefined)[],
  userId: string,
): FollowUser | null {
  for (const data of lists) {
    for (const page of data?.pages ?? []) {
      for (const list of FOLLOW_LISTS) {
        const person = page[list].find((p) => p.id === userId);
        if (person) return person;
      }
    }
  }
  return null;
}
