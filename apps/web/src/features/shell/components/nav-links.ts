import type { ChatTab } from "@chatsphere/contract";

/** Desktop header links (SPEC §2). */
export const DESKTOP_LINKS = [
  { label: "Home", to: "/" },
  { label: "Blogs", to: "/blogs" },
  { label: "Chat", to: "/chat" },
  { label: "Feedback", to: "/feedback" },
  { label: "About", to: "/about" },
] as const;

type MobileLink =
  | { label: string; to: "/" | "/blogs" | "/feedback" | "/about" }
  | { label: string; to: "/chat"; tab: ChatTab };

/** Mobile side-menu links (SPEC §2). */
export const MOBILE_LINKS: MobileLink[] = [
  { label: "Home", to: "/" },
  { label: "Blogs", to: "/blogs" },
  { label: "Stranger Chat", to: "/chat", tab: "stranger-chat" },
  { label: "Chat Rooms", to: "/chat", tab: "chat-rooms" },
  { label: "Following", to: "/chat", tab: "following" },
  { label: "Feedback", to: "/feedback" },
  { label: "About", to: "/about" },
];
