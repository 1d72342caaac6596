/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance audit (default config: a
 * mid-range phone on a slow 4G link, simulated throttling) of the built app's public pages,
 * `--runs` times each (3 by default), medians in a markdown table and every run's figures in
 * bench/results/ (git-ignored).
 *
 * It starts apps/server/dist/main.js (run `npm run build` first; it builds nothing) on a free
 * port with a fresh data directory (the embedded default), publishes a realistic article with a
 * cover image and a few more posts through the real API as the first admin, and audits `/`,
 * `/blogs` and that article in the system Chromium. The server, the browser and the data
 * directory are removed on exit, also after an error or Ctrl-C. Nothing is downloaded.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createORPCClient } from "@orpc/client";
import { RPCLink } from "@orpc/client/fetch";
import type { ContractRouterClient } from "@orpc/contract";
import lighthouse from "lighthouse";
import sharp from "sharp";
import type { Contract } from "@chatsphere/contract";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER_ENTRY = path.join(ROOT, "apps/server/dist/main.js");
const WEB_SERVER_ENTRY = path.join(ROOT, "apps/web/dist/ssr/entry-server.js");
const RESULTS_DIR = path.join(ROOT, "bench/results");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    quick: { type: "boolean", default: false },
    about: { type: "boolean", default: false },
    reports: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.info(`npm run bench:lighthouse [-- --runs N] [--quick] [--about]
  --runs N   audits per page (default 3; the table shows medians)
  --quick    one audit per page (a smoke run)
  --about    audit /about too
  --reports  also keep each run's whole Lighthouse report (long tasks, script boot-up time)
             in bench/results/lighthouse-reports-<time>/`);
  process.exit(0);
}
const RUNS = args.quick ? 1 : Math.max(1, Number(args.runs));

// Everything started here, stopped on the way out whatever happens.
const cleanups: (() => void)[] = [];
let cleanedUp = false;
function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch {
      // Best effort: the rest still runs.
    }
  }
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** The built server on a free port with a fresh data directory, as `npm start` runs it. */
async function startServer(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-lighthouse-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  cleanups.push(() => stop(child));
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${origin}/healthz`)).ok, "the server", 120_000);
  return origin;
}

/** Chromium with its DevTools port, for Lighthouse to drive. */
async function startChromium(): Promise<number> {
  const profile = mkdtempSync(path.join(tmpdir(), "chatsphere-lighthouse-chromium-"));
  cleanups.push(() => rmSync(profile, { recursive: true, force: true }));
  const port = await freePort();
  const child = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  cleanups.push(() => stop(child));
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/json/version`)).ok,
    "Chromium's DevTools port",
  );
  return port;
}

const ARTICLE_PARAGRAPHS = [
  `The first ten seconds of a stranger chat decide a lot. "hi" followed by "asl?" rarely goes anywhere, and most people skip before a real conversation can start. We asked the people who spend the most time in ChatSphere's stranger chat what they do instead, and a few habits came up again and again.`,
  `Start with something you can both see. The continent filter tells you roughly where the other person is, and the time of day there is often a better opener than any question about them: "It must be almost midnight where you are, what keeps you up?" gives them something easy and personal to answer without asking for anything private.`,
  `Ask about choices, not facts. "What's the best thing you ate this week?" invites a story; "Where are you from?" invites a one-word reply. The difference is small on paper and huge in practice: people who open with a choice question keep their matches talking three times as long.`,
  `Share first. If you ask what someone is listening to, say what you are listening to. Conversations are a trade, and the person who offers a little first sets the tone for the rest of the chat. It also shows you are not there to collect information about them.`,
  `Know when to skip, kindly. Not every match clicks, and that is fine. A short "nice talking to you, good luck with the exam!" before you press Skip costs nothing and makes the platform a little warmer for everyone. If someone is rude, do not argue: report them and move on; the moderators see the conversation as it was.`,
  `Finally, follow the people you click with. When they follow you back, you can message each other any time, outside the random matching. Some of our longest friendships on ChatSphere started with a question about the weather on the other side of the planet.`,
];

/** A 1600x900 JPEG cover (a gradient with noise, as a photo weighs), made here, not fetched. */
async function coverImage(): Promise<File> {
  const width = 1600;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = ((x * 7919 + y * 104729) % 37) - 18;
      pixels[i] = Math.min(255, Math.max(0, 90 + (x * 120) / width + noise));
      pixels[i + 1] = Math.min(255, Math.max(0, 40 + (y * 80) / height + noise));
      pixels[i + 2] = Math.min(255, Math.max(0, 180 - (x * 60) / width + noise));
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
  return new File([new Uint8Array(jpeg)], "cover.jpg", { type: "image/jpeg" });
}

/** The first admin (allowed while there is none) publishes an article and four more posts. */
async function seed(origin: string): Promise<string> {
  const headers = { origin };
  const anonymous: ContractRouterClient<Contract> = createORPCClient(
    new RPCLink({ url: `${origin}/rpc`, headers }),
  );
  const email = "lighthouse-admin@example.com";
  const password = "lighthouse-password";
  await anonymous.admin.signUp({ email, password, confirmPassword: password });
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`admin sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const admin: ContractRouterClient<Contract> = createORPCClient(
    new RPCLink({ url: `${origin}/rpc`, headers: { ...headers, cookie } }),
  );
  const category = await admin.admin.createCategory({ name: "Guides" });
  const tags = await Promise.all(
    ["conversation", "tips", "stranger chat"].map((name) => admin.admin.createTag({ name })),
  );
  const { url: imageUrl } = await admin.admin.uploadBlogImage({ image: await coverImage() });
  const post = (title: string, paragraphs: string[], withImage: boolean) =>
    admin.admin.createBlog({
      title,
      slug: title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, ""),
      body: paragraphs.map((text) => `<p>${text}</p>`).join("\n"),
      tldr: "",
      excerpt: paragraphs[0]?.slice(0, 150) ?? "",
      imageUrl: withImage ? imageUrl : "",
      categoryId: category.id,
      tags: tags.map((tag) => ({ id: tag.id })),
    });
  for (const [index, title] of [
    "Why we draw avatars on your device",
    "Meet people across continents",
    "Chat rooms: locks, bans and share links",
    "How we keep stranger chat safe",
  ].entries()) {
    await post(title, ARTICLE_PARAGRAPHS.slice(index, index + 2), false);
  }
  const title = "Ten conversation starters that actually work";
  await post(title, ARTICLE_PARAGRAPHS, true);
  return `/blogs/${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

interface RunFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  scriptKb: number;
  lcpElement: string | null;
  opportunities: string[];
}

interface AuditDetails {
  type?: string;
  items?: { resourceType?: string; transferSize?: number; node?: { snippet?: string } }[];
}

/** Where --reports keeps each run's whole report; null without it. */
const REPORTS_DIR = args.reports
  ? path.join(RESULTS_DIR, `lighthouse-reports-${new Date().toISOString().replace(/[:.]/g, "-")}`)
  : null;
let reportsKept = 0;

async function audit(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
    writeFileSync(path.join(REPORTS_DIR, `${++reportsKept}-${name}.json`), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits["network-requests"]?.details as AuditDetails | undefined)?.items;
  const scriptBytes = (requests ?? [])
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const lcpItems = (
    lhr.audits["largest-contentful-paint-element"]?.details as
      { items?: AuditDetails[] } | undefined
  )?.items;
  const lcpSnippet = lcpItems?.[0]?.items?.[0]?.node?.snippet ?? null;
  const opportunities = Object.values(lhr.audits)
    .filter(
      (item) => item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== "informative",
    )
    .filter((item) => !["metric", "manual", "notApplicable"].includes(item.scoreDisplayMode))
    .map((item) => `${item.id}${item.displayValue ? ` (${item.displayValue})` : ""}`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    speedIndexMs: numeric("speed-index"),
    scriptKb: scriptBytes / 1024,
    lcpElement: lcpSnippet,
    opportunities,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function main() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build`);
  if (!existsSync(WEB_SERVER_ENTRY)) {
    console.warn(`${WEB_SERVER_ENTRY} is missing: pages are measured without prerendering`);
  }
  const origin = await startServer();
  const articlePath = await seed(origin);
  const debuggingPort = await startChromium();
  const pages = [
    { name: "`/`", path: "/" },
    { name: "`/blogs`", path: "/blogs" },
    { name: "an article", path: articlePath },
    ...(args.about ? [{ name: "`/about`", path: "/about" }] : []),
  ];

  const results: { page: string; path: string; runs: RunFigures[] }[] = [];
  for (const page of pages) {
    const runs: RunFigures[] = [];
    for (let run = 1; run <= RUNS; run++) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is repeated once.
      const figures = await audit(`${origin}${page.path}`, debuggingPort).catch(
        (error: unknown) => {
          console.error(`${page.path} run ${run}: ${String(error)}; repeating it`);
          return audit(`${origin}${page.path}`, debuggingPort);
        },
      );
      console.error(
        `${page.path} run ${run}/${RUNS}: ${figures.score} (LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms)`,
      );
      runs.push(figures);
    }
    results.push({ page: page.name, path: page.path, runs });
  }

  const at = new Date().toISOString();
  const lines = [
    `Lighthouse ${lighthouseVersion()} mobile (simulated throttling), ${RUNS} run${RUNS > 1 ? "s" : ""} per page, medians; ${at}`,
    "",
    "| page | performance | FCP | LCP | TBT | CLS | Speed Index | JS transferred |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...results.map(({ page, runs }) => {
      const m = (pick: (run: RunFigures) => number) => median(runs.map(pick));
      return `| ${page} | ${m((r) => r.score)} | ${(m((r) => r.fcpMs) / 1000).toFixed(2)} s | ${(m((r) => r.lcpMs) / 1000).toFixed(2)} s | ${Math.round(m((r) => r.tbtMs))} ms | ${m((r) => r.cls).toFixed(3)} | ${(m((r) => r.speedIndexMs) / 1000).toFixed(2)} s | ${m((r) => r.scriptKb).toFixed(1)} KB |`;
    }),
    "",
    ...results.flatMap(({ page, runs }) => {
      const last = runs[runs.length - 1];
      return [
        `- ${page}: LCP element ${last?.lcpElement ?? "?"}; flagged: ${last?.opportunities.join(", ") || "nothing"}`,
      ];
    }),
  ];
  console.info(lines.join("\n"));

  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `lighthouse-${at.replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ at, runsPerPage: RUNS, results }, null, 2));
  console.info(`\nJSON: ${path.relative(ROOT, file)}`);
}

function lighthouseVersion(): string {
  const manifest = path.join(ROOT, "node_modules/lighthouse/package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

main()
  .then(() => {
    cleanUp();
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error("bench:lighthouse failed:", error);
    cleanUp();
    process.exit(1);
  });
