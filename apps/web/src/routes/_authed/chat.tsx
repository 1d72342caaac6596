import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { CHAT_TABS, DEFAULT_CHAT_TAB } from "@chatsphere/contract";
import { UnderConstruction } from "@/features/scaffold/under-construction";

const searchSchema = z.object({
  tab: z.enum(CHAT_TABS).default(DEFAULT_CHAT_TAB).catch(DEFAULT_CHAT_TAB),
  roomId: z.string().min(1).optional().catch(undefined),
});

export const Route = createFileRoute("/_authed/chat")({
  validateSearch: searchSchema,
  staticData: { fullScreen: true },
  component: () => <UnderConstruction title="Chat" />,
});
