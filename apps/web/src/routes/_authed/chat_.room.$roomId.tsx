import { createFileRoute } from "@tanstack/react-router";
import { ChatPage } from "@/features/chat/chat-page";
import { useSession } from "@/lib/session/use-session";

/** A shareable room link (SPEC §2): the chat screen on the Chat Rooms tab, joining the room. */
export const Route = createFileRoute("/_authed/chat_/room/$roomId")({
  staticData: { fullScreen: true },
  component: RoomRoute,
});

function RoomRoute() {
  const { session: initial } = Route.useRouteContext();
  const { data: session } = useSession();
  const { roomId } = Route.useParams();
  return <ChatPage session={session ?? initial} tab="chat-rooms" roomId={roomId} />;
}
