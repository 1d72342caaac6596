/** Demo people for `npm run seed`: varied names, places and interests, all adults. */
export const DEMO_DOMAIN = "demo.chatsphere.local";
export const DEMO_PASSWORD = "demo-password";

export const PEOPLE = [
  {
    name: "Amara Okafor",
    bio: "Architect in Lagos. Sketching buildings, learning French, always up for a chat about design.",
  },
  { name: "Jonas Weber", bio: "Board games, bread baking and bad puns. Berlin." },
  {
    name: "Priya Sharma",
    bio: "Night-owl software engineer from Pune. Ask me about chai or Kubernetes.",
  },
  {
    name: "Lena Fischer",
    bio: "Violinist in Vienna. I collect sheet music and stories from strangers.",
  },
  { name: "Kenji Tanaka", bio: "Tokyo. Street photography, ramen maps and retro games." },
  { name: "Sofia Martins", bio: "Surf instructor from Lisbon who reads too many novels." },
  { name: "Mateo Gómez", bio: "Buenos Aires. Tango on Fridays, football on Sundays." },
  {
    name: "Aisha Rahman",
    bio: "Medical student in Dhaka. Podcasts, poetry and a cat named Biscuit.",
  },
  {
    name: "Liam O'Connor",
    bio: "Dublin. Folk music, hiking and trying every coffee shop in town.",
  },
  { name: "Mei Chen", bio: "Vancouver. Plant mum, pottery beginner, travel planner for friends." },
  {
    name: "Noah Williams",
    bio: "Sydney. Marine biologist; I will tell you fun facts about octopuses.",
  },
  { name: "Zanele Dlamini", bio: "Johannesburg. Jazz, journaling and learning Portuguese." },
] as const;

export function demoEmail(name: string): string {
  const local = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, ".")
    .replace(/^\.|\.$/g, "");
  return `${local}@${DEMO_DOMAIN}`;
}

/** Conversations in the global rooms: [room name, [speaker index, text][]]. */
export const ROOM_TALK: [string, [number, string][]][] = [
  [
    "General",
    [
      [0, "Good morning from Lagos! Who else is up early? ☀️"],
      [2, "Technically still last night for me in Pune 😅 just finished a deploy."],
      [1, "Morning! Berlin is grey again. Sourdough is rising though."],
      [0, "Jonas, you need to share that recipe one day."],
      [1, "Deal. The secret is patience and a very old starter called Gerhard."],
      [9, "Gerhard 😂 my starter died last winter, I never named it. Maybe that was the problem."],
      [2, "Name it and it stays alive, that's the rule."],
    ],
  ],
  [
    "Music",
    [
      [3, "Rehearsing Sibelius today. My neighbours are very patient people."],
      [6, "Anything with a violin works for me. Any tango in your repertoire?"],
      [3, "Piazzolla's Oblivion, always. It's on my list for the spring recital."],
      [11, "If you like that, try Abdullah Ibrahim's Mannenberg. Different world, same feeling."],
      [8, "Adding both to my Friday playlist, thanks all 🎶"],
    ],
  ],
  [
    "Travel",
    [
      [5, "Planning a surf trip to Morocco in March. Tips for Taghazout?"],
      [9, "Go for the sunsets at Paradise Valley, and bring cash for the small cafés."],
      [10, "And wear reef booties, the rocks there are no joke."],
      [5, "Noted! Anyone heading to Asia this year?"],
      [4, "If you come to Tokyo, I know a ramen place with eight seats and no sign 🍜"],
    ],
  ],
  [
    "Gaming",
    [
      [4, "Just found a working Sega Saturn at a flea market. Best 2000 yen ever spent."],
      [1, "Is it region locked? Asking for my import collection."],
      [4, "It is, but there are cartridges for that. Panzer Dragoon tonight!"],
      [8, "Retro night sounds great. Anyone up for a co-op session this weekend?"],
    ],
  ],
];
