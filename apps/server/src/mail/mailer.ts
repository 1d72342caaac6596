import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when `SMTP_URL` is set; otherwise each mail becomes an `.eml` file in
 * `DATA_DIR/outbox/` so a local install needs no mail server. The log says where the file is,
 * never what it holds: a reset link is a password for an hour, and logs travel further than
 * the outbox (log collectors, screenshots, support tickets).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(options.outboxDir, `${Date.now()}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger.info(`mail "${message.subject}" written to ${file}`);
    },
  };
}
