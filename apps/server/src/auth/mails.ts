import { BRAND } from "@chatsphere/contract";
import type { MailMessage } from "../mail/mailer";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function resetPasswordMail(input: { to: string; name: string; url: string }): MailMessage {
  const name = input.name || "there";
  return {
    to: input.to,
    subject: `Reset your ${BRAND} password`,
    text: [
      `Hi ${name},`,
      "",
      `Someone asked to reset the password of your ${BRAND} account.`,
      "Open this link within one hour to choose a new password:",
      "",
      input.url,
      "",
      "If it was not you, ignore this mail: your password stays as it is.",
    ].join("\n"),
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your ${BRAND} account. Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(input.url)}">Reset my password</a></p>
<p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  };
}
