import { screen, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { PERMISSION, TEXT, TOAST, type FollowUser } from "@chatsphere/contract";
import { server } from "@/test/fake-server";
import { renderWithProviders } from "@/test/render";
import { findToast, toasts } from "@/test/toasts";
import { FollowingTab } from "./following-tab";

const SELF = { id: "user-1", name: "Ada" };

const follower: FollowUser = {
  id: "user-2",
  name: "Grace",
  bio: "",
  image: null,
  isMutual: false,
  isFollowing: false,
  isFollower: true,
  directChat: null,
};

/** Each section asks for its own list; the server answers it from these lists. */
function answerLists(lists: { followers?: FollowUser[] } = {}) {
  server.answer("user.userFollowing", (input) => ({
    mutual: [],
    following: [],
    followers: input?.list === "followers" ? (lists.followers ?? []) : [],
    nextCursors: { mutual: null, following: null, followers: null },
  }));
}

test("nobody followed and no followers: each list says so in the spec's words", async () => {
  answerLists();
  await renderWithProviders(<FollowingTab self={SELF} />);
  expect(await screen.findByText(TEXT.noMutuals)).toBeVisible();
  expect(await screen.findByText(TEXT.noFollowing)).toBeVisible();
  expect(await screen.findByText(TEXT.noFollowers)).toBeVisible();
  expect(screen.getByText(TEXT.pickMutualHint)).toBeVisible();
  expect(server.inputsOf("user.userFollowing").map((input) => input?.list)).toEqual(
    expect.arrayContaining(["mutual", "following", "followers"]),
  );
});

test("a follower not followed back is offered 'Follow back'; a refused follow says why", async () => {
  answerLists({ followers: [follower] });
  server.refuse("user.follow", {
    status: 400,
    code: "BAD_REQUEST",
    message: PERMISSION.cannotFollowGuest,
  });
  const { user } = await renderWithProviders(<FollowingTab self={SELF} />);
  const followers = await screen.findByRole("list", { name: TEXT.followersList });
  expect(within(followers).getByText(TEXT.noBio)).toBeVisible();
  await user.click(within(followers).getByRole("button", { name: `${TEXT.followBack} Grace` }));
  expect(await findToast(TOAST.followFailed)).toBeInTheDocument();
  expect(toasts().getByText(PERMISSION.cannotFollowGuest)).toBeInTheDocument();
  expect(server.inputsOf("user.follow")).toEqual([{ userId: "user-2" }]);
});
