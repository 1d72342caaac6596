/** Demo blog content for `npm run seed`: categories, tags, posts, approved comments, feedback. */
export const CATEGORIES = ["Product news", "Guides", "Safety", "Community"];
export const TAGS = ["stranger-chat", "rooms", "privacy", "tips", "community", "safety"];

export interface DemoPost {
  title: string;
  slug: string;
  category: string;
  tags: string[];
  tldr: string;
  excerpt: string;
  body: string;
  /** [speaker index in PEOPLE, text] */
  comments: [number, string][];
  daysAgo: number;
}

export const POSTS: DemoPost[] = [
  {
    title: "Ten conversation starters that actually work",
    slug: "ten-conversation-starters-that-actually-work",
    category: "Guides",
    tags: ["stranger-chat", "tips"],
    tldr: "Ask about something specific, share a little first, and let silence be fine.",
    excerpt: "Break the ice with strangers without sounding like a robot.",
    body: `<p>The first ten seconds of a stranger chat decide a lot. "hi" followed by "asl?" rarely goes anywhere. Here is what our most-loved chatters do instead.</p>
<h2>Lead with something specific</h2>
<p>Mention what you are doing right now: <strong>"Just burned my toast, how is your morning going?"</strong> gives the other person something to answer.</p>
<h2>Share a little first</h2>
<ul><li>Where it is night or day for you</li><li>One thing you are into this week</li><li>A question you genuinely want answered</li></ul>
<h2>Be fine with skipping</h2>
<p>Not every match clicks, and that is the point. Say a friendly goodbye and press <em>Skip</em>: the next person is a second away.</p>`,
    comments: [
      [4, "The burned toast opener is now my go-to. Worked three times in a row!"],
      [7, "Being fine with skipping took me a while to learn. Great list."],
    ],
    daysAgo: 2,
  },
  {
    title: "How we keep stranger chat safe",
    slug: "how-we-keep-stranger-chat-safe",
    category: "Safety",
    tags: ["safety", "stranger-chat", "privacy"],
    tldr: "Adults only, no data you did not choose to share, and tools that put you in control.",
    excerpt: "The layers of protection behind every random match.",
    body: `<p>Talking to strangers should feel exciting, not risky. These are the layers that protect every conversation on ChatSphere.</p>
<h2>Adults only</h2>
<p>Everyone confirms they are 18 or older before chatting, and accounts that break the rules are banned.</p>
<h2>You share only what you choose</h2>
<p>Your e-mail is never shown to other people. Guests get a placeholder address that cannot receive mail. Messages are shown as text, never as code.</p>
<h2>You are always one click from leaving</h2>
<ol><li>Press <strong>Skip</strong> to move on instantly.</li><li>Press <strong>Leave</strong> to stop matching.</li><li>Room owners can ban anyone who spoils the room.</li></ol>`,
    comments: [[8, "Good to see this spelled out. The skip button is underrated."]],
    daysAgo: 5,
  },
  {
    title: "Chat rooms: locks, bans and share links",
    slug: "chat-rooms-locks-bans-and-share-links",
    category: "Product news",
    tags: ["rooms", "community"],
    tldr: "Owners can lock their room, ban troublemakers and share a direct link.",
    excerpt: "Everything new for room owners this month.",
    body: `<p>Rooms are where communities grow, so we gave owners better tools.</p>
<h2>Lock your room</h2>
<p>A locked room keeps its members but accepts no new ones. Perfect for a study group in exam week.</p>
<h2>Ban with one click</h2>
<p>Owners can ban a member from the members list; they leave immediately and cannot come back.</p>
<h2>Share links</h2>
<p>Copy the room link and send it to friends: it opens the room directly.</p>`,
    comments: [[1, "Our board-game group has been waiting for locks. Thank you!"]],
    daysAgo: 9,
  },
  {
    title: "Meet people across continents",
    slug: "meet-people-across-continents",
    category: "Community",
    tags: ["community", "stranger-chat"],
    tldr: "Pick World or a single continent, and your choice is remembered.",
    excerpt: "Stories from people who found friends on the other side of the planet.",
    body: `<p>Our continent filter lets you talk to the whole world, or just to people in Europe, Asia, Africa, the Americas or Oceania. Some of you even found Antarctica (hello to the research stations!).</p>
<h2>Why people narrow it down</h2>
<ul><li>Practising a language with native speakers</li><li>Finding someone awake in the same time zone</li><li>Planning a trip and asking locals</li></ul>
<p>Whatever you pick is remembered on your device for the next time.</p>`,
    comments: [
      [5, "Found a surf buddy in Portugal this way. Highly recommend."],
      [11, "Language practice is exactly why I use the filter."],
    ],
    daysAgo: 14,
  },
  {
    title: "Why we draw avatars on your device",
    slug: "why-we-draw-avatars-on-your-device",
    category: "Product news",
    tags: ["privacy"],
    tldr: "No third-party avatar service ever sees your name.",
    excerpt: "A small design choice with a big privacy win.",
    body: `<p>When you have no profile picture, ChatSphere shows your initials on a colour picked from your name. Many sites ask an outside avatar service for that picture, which tells that service every name on every page.</p>
<p>We draw it right in your browser instead. It is faster, it works offline, and <strong>your name never leaves the site</strong>.</p>`,
    comments: [],
    daysAgo: 20,
  },
];

export const FEEDBACK = [
  [2, "Love the dark mode. Could the chat input remember a draft when I switch tabs?"],
  [9, "Matching is really fast now. Would be great to see how many people are in each continent."],
  [6, "Please add a way to report someone in stranger chat, not just skip."],
] as const;
