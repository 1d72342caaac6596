import { networkInterfaces } from "node:os";
import type { Browser } from "@playwright/test";
import { STORAGE_KEYS, TEXT } from "@chatsphere/contract";
import { e2ePort } from "../playwright.config";
import { expect, nextClientIp, test } from "./fixtures";

/**
 * The server runs with no PUBLIC_URL, as `npm start` does for a newcomer; the rest of the suite
 * opens it at 127.0.0.1. Here the same server is opened the other ways people do: `localhost`,
 * IPv6 loopback, and a LAN address of this machine (a phone on the same Wi-Fi would use it).
 */
function otherAddresses(): string[] {
  const interfaces = Object.values(networkInterfaces()).flat();
  const lan = interfaces.find((i) => i && !i.internal && i.family === "IPv4")?.address;
  const hasIpv6Loopback = interfaces.some((i) => i?.address === "::1");
  return [
    `http://localhost:${e2ePort}`,
    ...(hasIpv6Loopback ? [`http://[::1]:${e2ePort}`] : []),
    ...(lan ? [`http://${lan}:${e2ePort}`] : []),
  ];
}

async function visitorAt(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": nextClientIp() },
  });
  await context.addInitScript(
    (keys) => keys.forEach((key) => window.localStorage.setItem(key, "true")),
    [STORAGE_KEYS.ageAccepted, STORAGE_KEYS.welcomeAccepted],
  );
  return context;
}

test.describe("the app at whatever address it is opened on", () => {
  for (const baseURL of otherAddresses()) {
    test(`guest login, the live chat connection and sign-up work at ${baseURL}`, async ({
      browser,
    }) => {
      const context = await visitorAt(browser, baseURL);
      const page = await context.newPage();
      await page.goto("/");
      await page.getByRole("button", { name: TEXT.guestLogin }).first().click();
      await page.waitForURL(/\/chat\?tab=stranger-chat/);
      // The socket is open once the lobby count shows: the upgrade passed the origin check.
      await expect(page.getByTestId("online-count").first()).toBeVisible();
      expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
      await context.close();

      const fresh = await visitorAt(browser, baseURL);
      const signUpPage = await fresh.newPage();
      await signUpPage.goto("/sign-up");
      const email = `addr-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}@example.com`;
      await signUpPage.getByLabel("Email").fill(email);
      await signUpPage.getByLabel("Password", { exact: true }).fill("password123");
      await signUpPage.getByLabel("Confirm password").fill("password123");
      await signUpPage.getByRole("button", { name: "Sign Up" }).click();
      await signUpPage.waitForURL(/\/chat/);
      await fresh.close();
    });
  }
});
