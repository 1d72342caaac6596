import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { CHAT_TABS, DEFAULT_CHAT_TAB } from "@chatsphere/contract";
import { ChatPage } from "@/features/chat/chat-page";
import { useSession } from "@/lib/session/use-session";

const searchSchema = z.object({
  tab: z.enum(CHAT_TABS).default(DEFAULT_CHAT_TAB).catch(DEFAULT_CHAT_TAB),
  roomId: z.string().min(1).optional().catch(undefined),
});

export const Route = createFileRoute("/_authed/chat")({
  validateSearch: searchSchema,
  staticData: { fullScreen: true },
  component: ChatRoute,
});

function ChatRoute() {
  const { session: initial } = Route.useRouteContext();
  const { data: session } = useSession();
  const { tab, roomId } = Route.useSearch();
  return <ChatPage session={session ?? initial} tab={tab} roomId={roomId} />;
}
