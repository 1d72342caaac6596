import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { PERMISSION, TEXT, TOAST, type ChatMessage, type FollowUser } from "@chatsphere/contract";
import { server } from "@/test/fake-server";
import { renderWithProviders } from "@/test/render";
import { DirectChat } from "./direct-chat";

const grace = { id: "user-2", name: "Grace", image: null };
const ROOM_ID = "dm-1";

const hello: ChatMessage = {
  id: "m1",
  roomId: ROOM_ID,
  content: "Hello Ada",
  senderId: grace.id,
  sender: grace,
  createdAt: "2026-01-02T03:04:05.000Z",
  media: null,
};

/** The chat's room, its history, and how the two follow each other. */
function answerChat({ youFollow, theyFollow }: { youFollow: boolean; theyFollow: boolean }) {
  const person: FollowUser = {
    ...grace,
    bio: "",
    isMutual: youFollow && theyFollow,
    isFollowing: youFollow,
    isFollower: theyFollow,
    directChat: { roomId: ROOM_ID, unreadCount: 0, latest: null },
  };
  server.answer("dm.getOrCreateChat", () => ({ room: { id: ROOM_ID, otherUser: grace } }));
  server.answer("dm.markAsRead", () => ({ unreadCount: 0 as const }));
  server.answer("message.list", () => ({ messages: [hello], hasOlder: false, hasNewer: false }));
  server.answer("user.isFollowing", () => youFollow);
  server.answer("user.userFollowing", (input) => ({
    mutual: input?.list === "mutual" && person.isMutual ? [person] : [],
    following: input?.list === "following" && youFollow ? [person] : [],
    followers: input?.list === "followers" && theyFollow ? [person] : [],
    nextCursors: { mutual: null, following: null, followers: null },
  }));
}

const renderChat = () =>
  renderWithProviders(<DirectChat peer={grace} selfId="user-1" online={false} />);

test("between mutuals the history shows and the composer waits for the connection", async () => {
  answerChat({ youFollow: true, theyFollow: true });
  await renderChat();
  expect(await screen.findByText("Hello Ada")).toBeVisible();
  const box = screen.getByRole("textbox", { name: "Message" });
  expect(box).toHaveAttribute("placeholder", TEXT.connecting);
  expect(screen.queryByText(TEXT.dmOffYouUnfollowed("Grace"))).not.toBeInTheDocument();
  expect(screen.queryByText(TEXT.dmOffTheyUnfollowed("Grace"))).not.toBeInTheDocument();
});

test("after you unfollowed, the history stays and the composer says why sending is off", async () => {
  answerChat({ youFollow: false, theyFollow: true });
  await renderChat();
  expect(await screen.findByText("Hello Ada")).toBeVisible();
  expect(await screen.findByText(TEXT.dmOffYouUnfollowed("Grace"))).toBeVisible();
  expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
});

test("a chat that cannot be started says why instead of spinning", async () => {
  answerChat({ youFollow: true, theyFollow: true });
  server.refuse("dm.getOrCreateChat", { status: 403, message: PERMISSION.notMutual });
  await renderChat();
  expect(await screen.findByText(TOAST.startChatFailed(PERMISSION.notMutual))).toBeVisible();
  expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
});
