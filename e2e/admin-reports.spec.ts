import type { Page } from "@playwright/test";
import {
  AUDIT_ACTIONS,
  REPORT_REASON_LABEL,
  SAFETY_TEXT,
  SAFETY_TOAST,
  type ChatMessage,
} from "@chatsphere/contract";
import { seriousA11yViolations } from "./a11y";
import { uniquePrefix } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { matchStrangers, partnerName, strangerMenu } from "./stranger-helpers";
import { members, messageBox, newUser, newVisitor, openNewRoom, send } from "./room-helpers";
import { createAccount, rpcAs } from "./sessions";

/*
 * The moderation queue and the audit log (issue 14) through the built app: one person
 * insults another in a room, the other reports them (through the RPC, as the chat's Report
 * button does), and an admin deletes a message and bans from the report.
 */

/** Calls an RPC procedure from inside a page, with its session, as the web app does. */
function rpcInPage<T>(page: Page, path: string, input: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, input }) => {
      const response = await fetch(`/rpc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ json: input }),
      });
      const body = (await response.json()) as { json: unknown };
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      return body.json as T;
    },
    { path, input },
  ) as Promise<T>;
}

const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin" });

// `page` is the shared e2e admin's (e2e/admin.setup.ts); the people they moderate are others.
test.use({ asAdmin: true });

test.describe("a report from stranger chat", () => {
  test("A reports B through the chat's dialog; the admin sees it with the conversation and bans; B's open chat is cut at once", async ({
    page,
    browser,
  }) => {
    const a = await newVisitor(browser);
    const b = await matchStrangers(a, browser);
    const tag = Date.now().toString(36);
    const line = `Show me more or I tell everyone ${tag}`;
    await send(b, line);
    await expect(a.getByText(line)).toBeVisible();
    const name = await partnerName(a);

    await strangerMenu(a, SAFETY_TEXT.report);
    const dialog = a.getByRole("dialog", { name: SAFETY_TEXT.reportTitle(name) });
    await dialog.getByRole("radio", { name: REPORT_REASON_LABEL.harassment }).click();
    const note = `Threats in stranger chat ${tag}`;
    await dialog.getByLabel(SAFETY_TEXT.noteLabel).fill(note);
    await dialog.getByRole("button", { name: SAFETY_TEXT.sendReport }).click();
    await expect(a.getByText(SAFETY_TOAST.reported)).toBeVisible();

    await page.goto("/admin/dashboard/reports");
    const card = page.getByRole("article", { name: SAFETY_TEXT.reportCard(name) });
    await expect(card.getByText(note)).toBeVisible();
    await expect(card.getByText(REPORT_REASON_LABEL.harassment)).toBeVisible();
    const transcript = card.getByRole("list", { name: SAFETY_TEXT.snapshot });
    await expect(transcript.getByRole("listitem").filter({ hasText: line })).toBeVisible();

    await card.getByRole("button", { name: SAFETY_TEXT.banUser }).click();
    const confirmBan = page.getByRole("alertdialog", { name: SAFETY_TEXT.banTitle(name) });
    await confirmBan.getByRole("button", { name: SAFETY_TEXT.banUser }).click();
    await expect(page.getByText(SAFETY_TOAST.bannedFromReport)).toBeVisible();
    // The server closed B's socket: the tab finds its session gone and goes home.
    await expect(b).toHaveURL(/\/$/);
    await expect(card).toHaveCount(0);
    await a.context().close();
    await b.context().close();
  });
});

test.describe("Reports and Audit log", () => {
  test("an admin reads a report with its conversation, deletes a message, bans from it, and both land in the audit log", async ({
    page,
    browser,
  }) => {
    const offender = await newVisitor(browser);
    const reporter = await newVisitor(browser);
    const offenderName = await newUser(offender);
    const reporterName = await newUser(reporter);
    // The reporter's room: they hold its channel long before anyone writes; the offender
    // joins, and writes once the reporter sees them in the member list.
    const roomId = await openNewRoom(reporter);
    await offender.goto(`/chat/room/${roomId}`);
    await expect(messageBox(offender)).toBeEnabled();
    await expect(members(reporter).getByText(offenderName, { exact: true })).toBeVisible();

    const tag = Date.now().toString(36);
    const greeting = `Hello there ${tag}`;
    const insult = `You are an idiot ${tag}`;
    const demand = `Send me your address ${tag}`;
    for (const text of [greeting, insult, demand]) {
      await send(offender, text);
      await expect(reporter.getByText(text)).toBeVisible();
    }

    // The reporter reports the insult, as the chat's Report dialog will.
    const { messages } = await rpcInPage<{ messages: ChatMessage[] }>(reporter, "message/list", {
      roomId,
    });
    const byText = (text: string) => {
      const found = messages.find((message) => message.content === text);
      if (!found) throw new Error(`no message '${text}'`);
      return found;
    };
    const note = `Insulted me twice ${tag}`;
    await rpcInPage(reporter, "safety/report", {
      userId: byText(insult).senderId,
      roomId,
      messageId: byText(insult).id,
      reason: "harassment",
      note,
    });

    await page.goto("/admin/dashboard/blogs");
    await adminNav(page).getByRole("link", { name: SAFETY_TEXT.reportsNav }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/reports$/);
    await expect(
      page.getByRole("heading", { level: 1, name: SAFETY_TEXT.reportsTitle }),
    ).toBeVisible();
    await expect(page.getByText(SAFETY_TEXT.reportsSubtitle)).toBeVisible();

    const card = page.getByRole("article", { name: SAFETY_TEXT.reportCard(offenderName) });
    await expect(card).toBeVisible();
    await expect(card.getByText(REPORT_REASON_LABEL.harassment)).toBeVisible();
    await expect(card.getByText(note)).toBeVisible();
    await expect(card.getByText(SAFETY_TEXT.reportedBy(1))).toBeVisible();
    await expect(card.getByText(reporterName, { exact: true })).toBeVisible();
    const transcript = card.getByRole("list", { name: SAFETY_TEXT.snapshot });
    const line = (text: string) => transcript.getByRole("listitem").filter({ hasText: text });
    for (const text of [greeting, insult, demand]) await expect(line(text)).toBeVisible();
    await expect(line(insult)).toContainText(SAFETY_TEXT.reportedMessage);
    await expect(line(greeting)).not.toContainText(SAFETY_TEXT.reportedMessage);

    // Delete message: asked once more, then gone from the room and marked so in the report.
    await line(demand)
      .getByRole("button", { name: /^Delete message from/ })
      .click();
    const confirmDelete = page.getByRole("alertdialog", { name: SAFETY_TEXT.deleteMessageTitle });
    await expect(confirmDelete).toContainText(demand);
    await confirmDelete.getByRole("button", { name: SAFETY_TEXT.deleteMessage }).click();
    await expect(page.getByText(SAFETY_TOAST.messageDeleted)).toBeVisible();
    await expect(line(demand)).toContainText(SAFETY_TEXT.messageGone);
    await expect(line(demand).getByRole("button")).toHaveCount(0);
    await expect(reporter.getByText(demand)).toHaveCount(0);
    // The report stays open for a decision.
    await expect(card).toBeVisible();

    // Ban user: confirmed, then the report leaves the queue and the user's chat goes home.
    await card.getByRole("button", { name: SAFETY_TEXT.banUser }).click();
    const confirmBan = page.getByRole("alertdialog", { name: SAFETY_TEXT.banTitle(offenderName) });
    await confirmBan.getByRole("button", { name: SAFETY_TEXT.banUser }).click();
    await expect(page.getByText(SAFETY_TOAST.bannedFromReport)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(offender).toHaveURL(/\/$/);

    await adminNav(page).getByRole("link", { name: SAFETY_TEXT.auditNav }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/audit$/);
    const rows = page
      .getByRole("table", { name: SAFETY_TEXT.auditTitle })
      .getByRole("row")
      .filter({ hasText: offenderName });
    await expect(rows.filter({ hasText: AUDIT_ACTIONS.banFromReport })).toHaveCount(1);
    await expect(rows.filter({ hasText: AUDIT_ACTIONS.deleteReportedMessage })).toContainText(
      demand,
    );
    // Newest first: the ban came after the deletion.
    await expect(rows.first()).toContainText(AUDIT_ACTIONS.banFromReport);

    await offender.context().close();
    await reporter.context().close();
  });

  test.describe("accessibility", () => {
    test.use({ bypassCSP: true });

    test("the Reports and Audit log pages have no serious axe violations, wide and narrow; Dismiss closes a report", async ({
      page,
      baseURL,
    }) => {
      const base = baseURL ?? "";
      // Set up from Node: two people in a room, one reported by the other.
      const prefix = uniquePrefix("rep");
      const offender = await createAccount(base, `${prefix}-o@example.com`);
      const reporter = await createAccount(base, `${prefix}-r@example.com`);
      const { room } = await rpcAs<{ room: { id: string } }>(base, offender.cookie, "room/create", {
        name: `Room ${prefix}`,
      });
      await rpcAs(base, reporter.cookie, "room/join", { roomId: room.id });
      await rpcAs(base, reporter.cookie, "message/send", { roomId: room.id, content: "Hi!" });
      const earlier = `Look at my profile ${prefix}`;
      await rpcAs(base, offender.cookie, "message/send", { roomId: room.id, content: earlier });
      const sent = await rpcAs<ChatMessage>(base, offender.cookie, "message/send", {
        roomId: room.id,
        content: `Buy followers now ${prefix}`,
      });
      await rpcAs(base, reporter.cookie, "safety/report", {
        userId: sent.senderId,
        roomId: room.id,
        messageId: sent.id,
        reason: "spam",
      });

      const card = page.getByRole("article", { name: SAFETY_TEXT.reportCard(offender.name) });
      /** No serious axe violation, and nothing wider than the window. */
      const expectAccessible = async () => {
        expect(await seriousA11yViolations(page, "#main")).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      };
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/admin/dashboard/reports");
        await expect(card).toBeVisible();
        await expect(card.getByText(REPORT_REASON_LABEL.spam)).toBeVisible();
        await expectAccessible();
      }

      // A deleted message stays in the report, struck through, and still readable (contrast).
      const earlierLine = card
        .getByRole("list", { name: SAFETY_TEXT.snapshot })
        .getByRole("listitem")
        .filter({ hasText: earlier });
      await earlierLine.getByRole("button", { name: /^Delete message from/ }).click();
      await page
        .getByRole("alertdialog", { name: SAFETY_TEXT.deleteMessageTitle })
        .getByRole("button", { name: SAFETY_TEXT.deleteMessage })
        .click();
      await expect(earlierLine).toContainText(SAFETY_TEXT.messageGone);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expectAccessible();
      }

      await card.getByRole("button", { name: SAFETY_TEXT.dismiss }).click();
      await expect(page.getByText(SAFETY_TOAST.dismissed)).toBeVisible();
      await expect(card).toHaveCount(0);

      const dismissed = page
        .getByRole("table", { name: SAFETY_TEXT.auditTitle })
        .getByRole("row")
        .filter({ hasText: offender.name })
        .filter({ hasText: AUDIT_ACTIONS.dismissReport });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/admin/dashboard/audit");
        await expect(dismissed).toHaveCount(1);
        await expectAccessible();
      }
    });
  });
});
