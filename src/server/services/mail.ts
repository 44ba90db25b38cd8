import { Socket } from 'node:net';
import { Readable, type Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailDelivery } from '../../domain/enums';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from '../db/system-schema';

/** A message the mailer composes, from MAIL_FROM (a password reset link). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * A message composed before it reaches the mailer (a payslip's, with its PDF, in the PDF thread:
 * pdf/payslip-email.ts), from the mailer's sender (`from`): sent as these bytes.
 */
export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  /** The whole MIME message. */
  raw: Buffer;
  /** What it attaches, for the outbox's record. */
  attachments: Array<{ filename: string; bytes: number }>;
}

/** Writes, in the database it is given, that the message went out. */
export type RecordSent = (db: DbOrTx) => Promise<void>;

export interface Mailer {
  /** The sender (MAIL_FROM: "Name <address>" or the address), for a message composed elsewhere to carry. */
  from?: string;
  /** Where its messages go (SMTP when absent: a test's mailer stands for a server). */
  delivery?: MailDelivery;
  /**
   * Delivers the message; resolves once it is sent (SMTP) or kept (outbox). `recordSent` is run where
   * no crash can part it from the delivery: over SMTP once the server holds the whole message and
   * before the line that ends it (a client gone before that line leaves the server nothing to
   * deliver), in the outbox in the transaction that keeps the message. If the server then refuses
   * the message, send rejects and the caller undoes the record.
   */
  send(message: MailMessage | ComposedMail, recordSent?: RecordSent): Promise<void>;
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
    /** A message's bytes: composed already, or composed here. */
    const bytesOf = (message: MailMessage | ComposedMail) =>
      'raw' in message
        ? Promise.resolve(message.raw)
        : new MailComposer({ ...message, from: options.from }).compile().build();
    return {
      from: options.from,
      delivery: 'SMTP',
      async send(message, recordSent) {
        const bytes = await bytesOf(message);
        await transport.sendMail({
          envelope: { from: addressOf(options.from), to: [message.to] },
          raw: recordSent ? endingAfter(bytes, () => recordSent(options.db)) : bytes,
        });
      },
      close: () => transport.close(),
    };
  }
  return {
    from: options.from,
    delivery: 'OUTBOX',
    async send(message, recordSent) {
      await options.db.transaction(async (tx) => {
        await tx.insert(outbox).values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: ('html' in message ? message.html : undefined) ?? null,
          attachments: 'raw' in message ? message.attachments : null,
        });
        await recordSent?.(tx);
      });
      // Without SMTP the log is how a developer reads the message (for example the reset link).
      options.log.info(
        { to: message.to, subject: message.subject },
        `e-mail kept in the outbox (no SMTP_URL):\n${message.text}`,
      );
    },
  };
}

/**
 * The message's bytes as a stream whose end waits for `beforeEnd`: the SMTP client ends the DATA
 * with its closing line only when this stream ends, so that line follows the record. The record
 * waits until the bytes have passed every stream they are piped through and the socket has handed
 * them to the operating system, which delivers them even if this process is killed the next
 * instant; the closing line then meets an empty socket and goes out at once. Should the record
 * fail, the stream fails, the client drops the connection without that line, and the server
 * delivers nothing.
 */
function endingAfter(bytes: Buffer, beforeEnd: () => Promise<void>): Readable {
  let step: 'bytes' | 'record' | 'waiting' = 'bytes';
  const source = new Readable({
    read() {
      if (step === 'bytes') {
        step = 'record';
        this.push(bytes);
      } else if (step === 'record') {
        step = 'waiting';
        untilHandedToSocket(source)
          .then(beforeEnd)
          .then(
            () => this.push(null),
            (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
          );
      }
    },
  });
  return source;
}

/** The streams a source is piped through, down to the socket (the client's own pipes, in order). */
function pipeline(source: Readable): Array<Readable | Writable> {
  const chain: Array<Readable | Writable> = [];
  let stream: Readable | Writable | undefined = source;
  while (stream && chain.length < 10) {
    chain.push(stream);
    if (stream instanceof Socket) break;
    const state: { pipes?: Writable[] } | undefined = (stream as { _readableState?: { pipes?: Writable[] } })
      ._readableState;
    stream = state?.pipes?.[0];
  }
  return chain;
}

async function untilHandedToSocket(source: Readable) {
  for (let round = 0; ; round += 1) {
    const chain = pipeline(source);
    const socket = chain.at(-1);
    const holding = chain.some(
      (stream) =>
        ('writableLength' in stream && stream.writableLength > 0) ||
        (!(stream instanceof Socket) && 'readableLength' in stream && stream.readableLength > 0),
    );
    if (socket instanceof Socket && !holding) return;
    // Usually the bytes are through within a turn of the event loop; a slow server takes longer.
    await new Promise((resolve) => (round < 10 ? setImmediate(resolve) : setTimeout(resolve, 2)));
  }
}

/** The address of a sender written as "Name <address>" or as the address alone. */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** How a server with this SMTP_URL delivers mail (createMailer's choice), for the screens to say. */
export const mailDeliveryOf = (smtpUrl: string | undefined): MailDelivery => (smtpUrl ? 'SMTP' : 'OUTBOX');
