import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicConfigOf } from "../src/bootstrap";
import { loadConfig } from "../src/config";
import { createApp, type App } from "../src/http/app";
import { NO_PROXY } from "../src/http/proxy-trust";
import { publish } from "./content-fixtures";
import { createTestServer, ORIGIN, type TestServer } from "./harness";

/*
 * Ads and analytics (SPEC §1): the ad script on the public content pages only, the analytics
 * script on every page, each origin in the Content Security Policy only when configured, and
 * nothing of either when unset.
 */
const ADS = { ADS_CLIENT: "ca-pub-1234567890", ADS_SLOT: "987654" };
const ANALYTICS = { ANALYTICS_URL: "https://stats.example.org/js/script.js" };
const AD_SCRIPT = "pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890";

let server: TestServer;
let slug: string;
const distDir = mkdtempSync(path.join(tmpdir(), "chatsphere-web-"));
const apps = new Map<string, App>();

beforeAll(async () => {
  server = await createTestServer();
  const admin = await server.createAdmin();
  slug = (await publish(admin)).slug;
  writeFileSync(
    path.join(distDir, "index.html"),
    "<!doctype html><html><head><!--app-head--></head><body><div id=root></div></body></html>",
  );
  const deployments = { none: {}, ads: ADS, analytics: ANALYTICS, both: { ...ADS, ...ANALYTICS } };
  for (const [name, env] of Object.entries(deployments)) {
    apps.set(
      name,
      createApp({
        config: { publicUrl: ORIGIN, TRUST_PROXY: NO_PROXY },
        services: server.runtime.services,
        publicConfig: publicConfigOf(loadConfig({ PUBLIC_URL: ORIGIN, ...env })),
        origins: server.runtime.origins,
        webDistDir: distDir,
        isReady: () => true,
      }),
    );
  }
});
afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

async function page(deployment: string, pathname: string) {
  const app = apps.get(deployment);
  if (!app) throw new Error(`no app ${deployment}`);
  const response = await app.request(`${ORIGIN}${pathname}`);
  return {
    status: response.status,
    html: await response.text(),
    csp: response.headers.get("content-security-policy") ?? "",
  };
}

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

const adPages = () => ["/", "/about", "/blogs", `/blogs/${slug}`, "/blogs/"];
const otherPages = [
  "/chat",
  "/chat/room/r123",
  "/admin",
  "/admin/dashboard",
  "/admin/dashboard/users",
  "/admin/log-in",
  "/profile",
  "/feedback",
  "/log-in",
  "/sign-up",
  "/reset-password",
  "/blogs/no-such-post",
  "/no-such-page",
];

describe("ads", () => {
  it("loads the ad script on home, about, the blog list and an article", async () => {
    for (const pathname of adPages()) {
      const { status, html } = await page("ads", pathname);
      expect(status, pathname).toBe(200);
      expect(html, pathname).toContain(`<script async src="https://${AD_SCRIPT}"`);
    }
  });

  it("never loads it in the chat, the admin area, account and sign-in pages, or a 404", async () => {
    for (const pathname of otherPages) {
      const { html } = await page("ads", pathname);
      expect(html, pathname).not.toContain("adsbygoogle");
      // The slot settings still reach the web app (it places slots on ad pages only).
      expect(html, pathname).toContain("ca-pub-1234567890");
    }
  });

  it("lets the ad network's scripts, frames and calls through the CSP on every page", async () => {
    for (const pathname of ["/", "/chat"]) {
      const { csp } = await page("ads", pathname);
      expect(directive(csp, "script-src")).toContain("https://pagead2.googlesyndication.com");
      expect(directive(csp, "frame-src")).toContain("https://googleads.g.doubleclick.net");
      expect(directive(csp, "connect-src")).toContain("https://pagead2.googlesyndication.com");
      expect(directive(csp, "script-src")).not.toContain("https://stats.example.org");
    }
  });
});

describe("analytics", () => {
  it("loads the analytics script on every page, ad pages or not", async () => {
    for (const pathname of [...adPages(), ...otherPages]) {
      const { html } = await page("analytics", pathname);
      expect(html, pathname).toContain(
        `<script defer src="https://stats.example.org/js/script.js" data-domain="localhost:3000"></script>`,
      );
      expect(html, pathname).not.toContain("adsbygoogle");
    }
  });

  it("allows the analytics origin for its script and its events only", async () => {
    const { csp } = await page("analytics", "/chat");
    expect(directive(csp, "script-src")).toEqual(["'self'", "https://stats.example.org"]);
    expect(directive(csp, "connect-src")).toContain("https://stats.example.org");
    expect(directive(csp, "frame-src")).toEqual(["'none'"]);
  });

  it("links the admin navigation to the analytics service's site", async () => {
    const { html } = await page("analytics", "/admin/dashboard");
    expect(html).toContain("&#34;analyticsUrl&#34;:&#34;https://stats.example.org/&#34;");
  });

  it("has both scripts on an ad page when both are configured", async () => {
    const { html, csp } = await page("both", "/blogs");
    expect(html).toContain(AD_SCRIPT);
    expect(html).toContain("https://stats.example.org/js/script.js");
    expect(directive(csp, "script-src")).toEqual(
      expect.arrayContaining([
        "https://pagead2.googlesyndication.com",
        "https://stats.example.org",
      ]),
    );
  });
});

describe("neither configured", () => {
  it("puts no third-party script in any page and no third-party origin in the CSP", async () => {
    for (const pathname of [...adPages(), ...otherPages]) {
      const { html, csp } = await page("none", pathname);
      expect(html, pathname).not.toMatch(/<script[^>]*src=/);
      expect(directive(csp, "script-src"), pathname).toEqual(["'self'"]);
      expect(directive(csp, "frame-src"), pathname).toEqual(["'none'"]);
      expect(directive(csp, "connect-src"), pathname).toEqual(["'self'", "ws:", "wss:"]);
    }
  });

  it("refuses an ANALYTICS_URL that is not http(s)", () => {
    expect(() => loadConfig({ ANALYTICS_URL: "javascript:alert(1)" })).toThrow(/ANALYTICS_URL/);
  });
});
