import {
  Globe2,
  Image,
  MessageCircle,
  MessagesSquare,
  ShieldCheck,
  Shuffle,
  UserPlus,
  UsersRound,
  type LucideIcon,
} from "lucide-react";

export interface Feature {
  title: string;
  text: string;
  Icon: LucideIcon;
}

/** The six feature cards of the home page (SPEC §1). */
export const FEATURES: Feature[] = [
  {
    title: "Stranger Chat",
    text: "Get paired with a random person in about a second. Not feeling it? Skip to the next one.",
    Icon: Shuffle,
  },
  {
    title: "Chat Rooms",
    text: "Join global rooms or open your own. Lock it, share the link and moderate who stays.",
    Icon: MessagesSquare,
  },
  {
    title: "Follow & Direct Messages",
    text: "Follow the people you click with. When they follow back, chat one to one any time.",
    Icon: UserPlus,
  },
  {
    title: "Photos, Video & Audio",
    text: "Share pictures, clips and voice notes with an instant preview right in the conversation.",
    Icon: Image,
  },
  {
    title: "Continent Filter",
    text: "Talk to the whole world, or narrow matches to Europe, Asia, the Americas and more.",
    Icon: Globe2,
  },
  {
    title: "Safety First",
    text: "Adults only, room bans, profanity filtering and moderation tools keep conversations respectful.",
    Icon: ShieldCheck,
  },
];

/** The three steps of 'How it works' (SPEC §1). */
export const STEPS = [
  {
    title: "Choose how to chat",
    text: "Start as a guest in one click, or create a free account to unlock rooms and following.",
    Icon: UsersRound,
  },
  {
    title: "Pick a name and a region",
    text: "Tell people what to call you and choose the whole world or a single continent.",
    Icon: Globe2,
  },
  {
    title: "Say hello",
    text: "You are matched in about a second. Keep talking, follow each other, or skip to someone new.",
    Icon: MessageCircle,
  },
];

/** Three sample testimonials, each a name and a text (SPEC §1). */
export const TESTIMONIALS = [
  {
    name: "Amara K.",
    place: "Lagos",
    text: "I practise my French with people from Paris and Montreal every evening. Matching is instant and the skip button saves awkward moments.",
  },
  {
    name: "Jonas W.",
    place: "Berlin",
    text: "Our board-game group lives in a locked room here now. Sharing photos of the table mid-game is half the fun.",
  },
  {
    name: "Priya S.",
    place: "Pune",
    text: "What sold me is how safe it feels. Rude people get skipped or banned fast, and the continent filter is perfect for late nights.",
  },
];
