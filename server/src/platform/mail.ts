import nodemailer from 'nodemailer';
import type { Database } from './db';
import { mailOutbox } from './schema';

/** A file sent with a mail (the proforma PDF of an order). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};
export type SentMail = { id: string; transport: 'smtp' | 'outbox' };
export type Mailer = { send(message: MailMessage): Promise<SentMail> };

/**
 * Real mail through nodemailer: with `SMTP_URL` it goes to that server, otherwise nodemailer still
 * builds the message and it is kept in `mail_outbox` for the development mailbox (`/dev/mailbox`).
 * Either way a copy is recorded in the outbox, so support can see what a user was sent. The outbox
 * keeps no files: it names the attachments on a last line of the stored text.
 */
export function createMailer(
  database: Database,
  options: { smtpUrl?: string | undefined; from: string },
): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const kind: SentMail['transport'] = options.smtpUrl ? 'smtp' : 'outbox';

  return {
    async send(message) {
      let messageId: string | null = null;
      let error: string | null = null;
      try {
        const info = await transport.sendMail({ from: options.from, ...message });
        messageId = info.messageId ?? null;
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      const [row] = await database.db
        .insert(mailOutbox)
        .values({
          to: message.to,
          from: options.from,
          subject: message.subject,
          text: outboxText(message),
          html: message.html ?? null,
          transport: kind,
          messageId,
          error,
        })
        .returning({ id: mailOutbox.id });
      if (error) throw new Error(`mail to ${message.to} failed: ${error}`);
      return { id: row!.id, transport: kind };
    },
  };
}

/** The text as the outbox keeps it: with an `Attachments: a.pdf, b.xlsx` line when there are any. */
function outboxText(message: MailMessage): string {
  const names = (message.attachments ?? []).map((attachment) => attachment.filename);
  return names.length > 0 ? `${message.text}\n\nAttachments: ${names.join(', ')}` : message.text;
}
