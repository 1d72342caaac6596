import { createFileRoute } from "@tanstack/react-router";
import { CHAT_TABS, DEFAULT_CHAT_TAB, type ChatTab } from "@chatsphere/contract";
import { ChatPage } from "@/features/chat/chat-page";
import { optionalString, oneOf } from "@/lib/search-params";
import { useSession } from "@/lib/session/use-session";

interface ChatSearch {
  /** Optional in links (`/chat` opens the default tab); always filled in after parsing. */
  tab?: ChatTab;
  roomId?: string;
}

export const Route = createFileRoute("/_authed/chat")({
  validateSearch: (search: Record<string, unknown>): ChatSearch => ({
    tab: oneOf(search.tab, CHAT_TABS, DEFAULT_CHAT_TAB),
    roomId: optionalString(search.roomId),
  }),
  staticData: { fullScreen: true },
  component: ChatRoute,
});

function ChatRoute() {
  const { session: initial } = Route.useRouteContext();
  const { data: session } = useSession();
  const { tab, roomId } = Route.useSearch();
  return <ChatPage session={session ?? initial} tab={tab ?? DEFAULT_CHAT_TAB} roomId={roomId} />;
}
