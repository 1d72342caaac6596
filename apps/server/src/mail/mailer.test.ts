import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resetPasswordMail } from "../auth/mails";
import type { Logger } from "../logger";
import { createMailer } from "./mailer";

const outboxDir = mkdtempSync(path.join(tmpdir(), "chatsphere-outbox-"));
afterAll(() => rmSync(outboxDir, { recursive: true, force: true }));

describe("the outbox mailer (no SMTP_URL)", () => {
  it("writes the reset link to the outbox file only; the log says where, never the link", async () => {
    const lines: string[] = [];
    const record = (line: string) => void lines.push(line);
    const logger: Logger = { debug: record, info: record, warn: record, error: record };
    const token = "secret-reset-token-1234567890";
    const url = `http://127.0.0.1:3000/api/auth/reset-password/${token}?callbackURL=%2Freset-password`;
    const mailer = createMailer({ from: "ChatSphere <x@example.com>", outboxDir, logger });
    await mailer.send(resetPasswordMail({ to: "ann@example.com", name: "Ann", url }));

    const [file] = readdirSync(outboxDir);
    expect(file).toBeDefined();
    const mail = readFileSync(path.join(outboxDir, file ?? ""), "utf8").replace(/=\r?\n/g, "");
    expect(mail).toContain(token);
    expect(lines.join("\n")).toContain(path.join(outboxDir, file ?? ""));
    expect(lines.join("\n")).not.toContain(token);
    expect(lines.join("\n")).not.toContain("reset-password/");
  });
});
