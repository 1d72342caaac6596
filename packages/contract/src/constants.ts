/**
 * Product constants and limits (SPEC §9). Web and server read them from here so the
 * two sides cannot drift apart.
 */
export const BRAND = "ChatSphere";
export const BRAND_TAGLINE = "Meet the world, one conversation at a time.";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 60;
export const BIO_MAX_LENGTH = 500;
export const EMAIL_MAX_LENGTH = 254;

export const MATCH_TIMEOUT_MS = 10_000;
export const SKIP_COOLDOWN_MS = 10_000;
export const TYPING_VISIBLE_MS = 3_000;
export const TYPING_RESEND_MS = 2_000;
export const UNREAD_POLL_MS = 5_000;
export const STREAM_KEEPALIVE_MS = 5_000;
export const MAX_GET_URL_LENGTH = 2083;
export const SESSION_REFRESH_DELAY_MS = 10;

export const CHAT_WIDE_BREAKPOINT_PX = 1024;
export const DEFAULT_BREAKPOINT_PX = 768;

export const DM_UNANSWERED_CAP = 3;

/** What each bad word of a room or direct message becomes (SPEC §5: "replaced with an emoji"). */
export const PROFANITY_REPLACEMENT = "🤬";

/** Chat media (photos, videos, voice notes): the largest file of each kind, checked as it streams. */
export const MEDIA_KINDS = ["image", "video", "audio"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = {
  image: 10 * 1024 * 1024,
  video: 50 * 1024 * 1024,
  audio: 20 * 1024 * 1024,
};
/** Types accepted per kind (taken from the bytes), each with the extensions a name may carry. */
export const MEDIA_TYPES = {
  "image/jpeg": { kind: "image", extensions: ["jpg", "jpeg"] },
  "image/png": { kind: "image", extensions: ["png"] },
  "image/gif": { kind: "image", extensions: ["gif"] },
  "image/webp": { kind: "image", extensions: ["webp"] },
  "video/mp4": { kind: "video", extensions: ["mp4", "m4v", "mov"] },
  "video/webm": { kind: "video", extensions: ["webm"] },
  "video/ogg": { kind: "video", extensions: ["ogv", "ogg"] },
  "audio/mpeg": { kind: "audio", extensions: ["mp3"] },
  "audio/wav": { kind: "audio", extensions: ["wav"] },
  "audio/ogg": { kind: "audio", extensions: ["ogg", "oga", "opus"] },
  "audio/webm": { kind: "audio", extensions: ["webm", "weba"] },
  "audio/mp4": { kind: "audio", extensions: ["m4a", "mp4"] },
} as const satisfies Record<string, { kind: MediaKind; extensions: readonly string[] }>;
export type MediaType = keyof typeof MEDIA_TYPES;
/** The file picker's `accept` list. */
export const MEDIA_ACCEPT = "image/*,video/*,audio/*";
export const ROOM_NAME_MIN_LENGTH = 3;
export const ROOM_NAME_MAX_LENGTH = 90;

/** Longest chat message; a page of history holds at most MESSAGE_PAGE_SIZE messages. */
export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_PAGE_SIZE = 100;
/** Longest client-generated message id (the idempotency key of message.send). */
export const MESSAGE_CLIENT_ID_MAX_LENGTH = 64;

/**
 * First-page sizes of the chat lists when the caller names none. Every list is paged, and
 * no call returns more than MAX_PAGE_SIZE rows (content-limits.ts), except `message.list`:
 * MESSAGE_PAGE_SIZE, so a client catching up after a reconnect needs half the calls.
 */
export const ROOMS_PAGE_SIZE = 30;
export const ROOM_MEMBERS_PAGE_SIZE = 50;
export const FOLLOW_PAGE_SIZE = 20;

export const FEEDBACK_PAGE_SIZE = 20;
export const BLOG_PAGE_SIZE = 10;
export const COMMENT_PAGE_SIZE = 10;
export const USERS_PAGE_SIZES = [5, 10, 20, 50] as const;
export const USERS_DEFAULT_PAGE_SIZE = 10;
export const USERS_MAX_PAGE_SIZE = 50;
export const USERS_PAGER_WINDOW = 5;
export const USERS_NAME_FILTER_DEBOUNCE_MS = 500;
export const USERS_SKELETON_ROWS = 10;

/**
 * Uploaded blog images and their variants: a year, immutable (a key is never reused, so a
 * cached image can never be stale).
 */
export const BLOG_IMAGE_CACHE_SECONDS = 31_536_000;

export const REGIONS = [
  "World",
  "Africa",
  "Antarctica",
  "Asia",
  "Europe",
  "North America",
  "Oceania",
  "South America",
] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = "World";

export const CHAT_TABS = ["stranger-chat", "chat-rooms", "following"] as const;
export type ChatTab = (typeof CHAT_TABS)[number];
export const DEFAULT_CHAT_TAB: ChatTab = "stranger-chat";

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Guests get placeholder e-mails on a reserved, non-routable domain (RFC 2606 `.invalid`). */
export const GUEST_EMAIL_DOMAIN = "guest.chatsphere.invalid";

/** Keys of values the browser keeps in localStorage (SPEC §3 "Client-stored values"). */
export const STORAGE_KEYS = {
  ageAccepted: "chatsphere.age-accepted",
  welcomeAccepted: "chatsphere.welcome-accepted",
  strangerRegion: "chatsphere.stranger-region",
  theme: "chatsphere.theme",
} as const;

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "light";

export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The dashboard's engagement charts cover this many UTC days, ending today (SPEC §2). */
export const DASHBOARD_RANGE_DAYS = 30;
