import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { followingQuery, isFollowingQuery } from "../api";
import { findPerson } from "../following/follow-pages";

/**
 * Whether you follow someone and they follow you, for a direct chat: your side from
 * user.isFollowing, theirs from the follow lists (the same queries the lists show, so wide
 * screens ask nothing more). Undefined while not known; `person` as the lists know them.
 */
export function useFollowFlags(userId: string) {
  const mine = useQuery(isFollowingQuery(userId));
  const mutual = useInfiniteQuery(followingQuery("mutual"));
  const following = useInfiniteQuery(followingQuery("following"));
  const followers = useInfiniteQuery(followingQuery("followers"));
  const person = findPerson([mutual.data, following.data, followers.data], userId);
  return {
    isFollowing: mine.data ?? person?.isFollowing,
    isFollower: person?.isFollower,
    person,
  };
}
