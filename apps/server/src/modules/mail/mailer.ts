import nodemailer from 'nodemailer';
import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/database.js';
import { insertDevMail } from './mail.repository.js';
import { type Clock } from '../../lib/clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on the digest (RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent along over SMTP (e.g. a PDF receipt); the dev mailbox stores only their names. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Outgoing mail. SMTP in production, the dev mailbox otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
  /** Throws when the server cannot be reached or refuses our login (the admin System page's probe); absent: nothing to reach. */
  verify?(): Promise<void>;
}

const attachmentNote = (message: MailMessage) =>
  message.attachments?.length ? `${message.text}\n\nAttached: ${message.attachments.map((a) => a.filename).join(', ')}` : message.text;

/** Stores every mail in the database (listed at /dev/mailbox) and logs it. */
export function createDevMailbox(db: Db, clock: Clock, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await insertDevMail(db, {
        to: message.to,
        subject: message.subject,
        text: attachmentNote(message),
        html: message.html ?? null,
        headers: message.headers ? JSON.stringify(message.headers) : null,
        created_at: clock.now().toISOString(),
      });
      log.info({ to: message.to, subject: message.subject }, 'dev mailbox: mail stored');
    },
    async close() {},
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Bounded waits: a stuck server costs the job worker an attempt, never a hung worker.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
    async verify() {
      await transport.verify();
    },
  };
}
