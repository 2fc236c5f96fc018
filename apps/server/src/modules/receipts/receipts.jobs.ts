import { z } from 'zod';
import { type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { registerJobHandler } from '../jobs/jobs.registry.js';
import * as repo from './receipts.repository.js';
import { receiptMail } from './receipts.service.js';

/** The receipt mail, durable: queued in the payment's transaction, rendered and sent by the job worker with retries. */
const receiptMailJob = registerJobHandler('receipts.mail', {
  schema: z.object({ receiptId: z.number().int(), to: z.string() }),
  async handle({ receiptId, to }, ctx) {
    const row = await repo.findReceiptById(ctx.db, receiptId);
    if (row && to) await ctx.mailer.send(await receiptMail(row, to));
  },
});

export function queueReceiptMail(trx: DbOrTrx, clock: Clock, receiptId: number, to: string) {
  return receiptMailJob.enqueue(trx, { receiptId, to }, { runAt: clock.now(), dedupeKey: `receipt:${receiptId}` });
}
