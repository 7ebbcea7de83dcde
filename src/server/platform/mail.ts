import type { Transporter } from "nodemailer";
import type { Db } from "#server/db/client.ts";
import { newId, nowIso } from "#server/platform/ids.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when `SMTP_URL` is set; otherwise the development outbox, a table that the demo
 * screens and tests read. Outbox rows are also written in demo mode alongside SMTP, so the
 * demo's "complete sign-in" button works whatever the mail setup.
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  demo: boolean;
}): Mailer {
  // nodemailer loads on the first mail sent through SMTP, not at start-up (ADR 011).
  let transport: Promise<Transporter> | undefined;
  const smtp = (url: string) => {
    transport ??= import("nodemailer").then((m) => m.default.createTransport(url));
    return transport;
  };
  return {
    async send(message) {
      if (!opts.smtpUrl || opts.demo) {
        await opts.db.db
          .insertInto("outbox")
          .values({
            id: newId(),
            to_address: message.to.toLowerCase(),
            subject: message.subject,
            text: message.text,
            html: message.html ?? null,
            created_at: nowIso(),
          })
          .execute();
      }
      if (opts.smtpUrl) {
        await (await smtp(opts.smtpUrl)).sendMail({ from: opts.from, ...message });
      }
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}
