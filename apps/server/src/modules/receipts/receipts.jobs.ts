import { z } from 'zod';
import { type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { registerJobHandler } from '../jobs/jobs.registry.js';
import * as repo from './receipts.repository.js';
import { getUserLanguageTexts } from '../reference/localization.service.js';
import { receiptMail } from './receipts.service.js';

/** The receipt mail, durable: queued in the transaction that issues the receipt, rendered and sent by the job worker with retries. */
const receiptMailJob = registerJobHandler('receipts.mail', {
  schema: z.object({ receiptId: z.number().int(), to: z.string() }),
  async handle({ receiptId, to }, ctx) {
    const row = await repo.findReceiptById(ctx.db, receiptId);
    if (row && to) await ctx.mailer.send(await receiptMail(row, to, await getUserLanguageTexts(ctx.db, row.user_id)));
  },
});

/** One mail job per receipt (its key makes a second one impossible); receipts without an address get none. */
export function queueReceiptMails(trx: DbOrTrx, clock: Clock, mails: { receiptId: number; to: string }[]) {
  return receiptMailJob.enqueueMany(
    trx,
    mails.filter((m) => m.to).map((payload) => ({ payload, options: { runAt: clock.now(), dedupeKey: `receipt:${payload.receiptId}` } })),
  );
}
