import { z } from 'zod';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { registerJobHandler } from '../jobs/jobs.registry.js';
import { type MailMessage, type Mailer } from './mailer.js';

const mailMessageSchema: z.ZodType<MailMessage> = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** The mail outbox: one job per mail, sent by the job worker with retries and backoff. */
const sendMailJob = registerJobHandler('mail.send', {
  schema: mailMessageSchema,
  handle: (message, ctx) => ctx.mailer.send(message),
  maxAttempts: 10,
  // A sent mail's address and text are not kept in the jobs table (issue 31).
  forgetPayloadWhenDone: true,
});

/** Queues a mail in the caller's transaction: it leaves only if the transaction commits. */
export function queueMail(trx: DbOrTrx, clock: Clock, message: MailMessage) {
  return sendMailJob.enqueue(trx, message, { runAt: clock.now() });
}

/**
 * A Mailer for request handlers: `send` only writes to the outbox and wakes the
 * worker, so a slow or failing SMTP server never slows or fails a request.
 */
export function createMailOutbox(db: Db, clock: Clock, worker: { kick(): void }): Mailer {
  return {
    async send(message) {
      await queueMail(db, clock, message);
      worker.kick();
    },
    async close() {},
  };
}
