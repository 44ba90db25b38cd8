import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The sender's display name (the company's, for payslips); the address stays MAIL_FROM's. */
  fromName?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Delivers the message; resolves once it is sent (SMTP) or kept (outbox). */
  send(message: MailMessage): Promise<void>;
  /** Closes the kept-open SMTP connections (at shutdown). */
  close?(): void;
}

/** SMTP when a URL is configured; otherwise the outbox table, so a fresh install still delivers reset links. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    // A server that stops answering fails the send well within a queued send's expiry (emails.ts), so
    // the queue never hands out again a send that is still talking to the server.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      // A month's payslips go out over a few kept-open connections rather than one handshake each.
      pool: true,
      maxConnections: 4,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send({ fromName, attachments, ...message }) {
        await transport.sendMail({
          ...message,
          from: fromName ? { name: fromName, address: addressOf(options.from) } : options.from,
          attachments: attachments?.map((file) => ({
            filename: file.filename,
            content: Buffer.from(file.content),
            contentType: file.contentType,
          })),
        });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(message) {
      await options.db.insert(outbox).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        attachments:
          message.attachments?.map((file) => ({ filename: file.filename, bytes: file.content.byteLength })) ??
          null,
      });
      // Without SMTP the log is how a developer reads the message (for example the reset link).
      options.log.info(
        { to: message.to, subject: message.subject },
        `e-mail kept in the outbox (no SMTP_URL):\n${message.text}`,
      );
    },
  };
}

/** The address of a sender written as "Name <address>" or as the address alone. */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
