import { type RefundSourceType, type Settings } from '@parley/contracts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { registerSweep } from '../jobs/jobs.registry.js';
import { getSettings } from '../reference/settings.service.js';
import { buyerOf } from '../payments/billing.js';
import { type PaymentKinds, type ReceiptPendingPayable } from '../payments/payment-kinds.js';
import { queueReceiptMails } from './receipts.jobs.js';
import * as repo from './receipts.repository.js';

/**
 * Receipts are issued after the payment, not in it (decision 023). The payment's transaction only
 * marks its deposit or order as waiting for a receipt (in the UPDATE that marks it paid); the job
 * worker's sweep then numbers what waits, in batches, in the order the payments were confirmed.
 * Numbers stay gapless per operator because they are taken only in the transaction that writes the
 * receipts, under the operator's counter row; no payment waits on that row any more.
 */

type Waiting = ReceiptPendingPayable & { type: RefundSourceType };

/** Receipts one numbering transaction writes at most; a pass takes this many batches at most. */
export const RECEIPT_BATCH = 100;
const BATCHES_PER_PASS = 50;

/** The operator whose numbering a receipt joins: the legal name of the requisites. */
const operatorOf = (requisites: string[]) => (requisites[0] ?? 'Parley').trim().slice(0, 64) || 'Parley';

const byPending = (a: Waiting, b: Waiting) =>
  a.pendingAt < b.pendingAt ? -1 : a.pendingAt > b.pendingAt ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : a.id - b.id;

/** What sells things with receipts: the app's payment kinds (payments/payment-kinds.ts). */
const sourcesOf = (kinds: PaymentKinds) => kinds.all;

async function anyPending(db: Db, kinds: PaymentKinds): Promise<boolean> {
  for (const kind of sourcesOf(kinds)) if ((await kind.listReceiptPending(db, 1)).length > 0) return true;
  return false;
}

/**
 * One numbering transaction: the counter row first (so a second instance waits here and then sees
 * what this one issued), the oldest waiting purchases, their receipts with the next numbers, the
 * counter moved past them, the marks cleared and the mails queued. All of it or nothing.
 */
async function issueBatch(db: Db, clock: Clock, kinds: PaymentKinds, settings: Settings, limit: number): Promise<number> {
  const operator = operatorOf(settings.requisites);
  return db.transaction().execute(async (trx) => {
    const last = await repo.lockCounter(trx, operator);
    const waiting: Waiting[] = [];
    for (const kind of sourcesOf(kinds)) for (const p of await kind.listReceiptPending(trx, limit)) waiting.push({ ...p, type: kind.type });
    const batch = waiting.sort(byPending).slice(0, limit);
    if (batch.length === 0) return 0;
    const issuedAt = clock.now().toISOString();
    const requisites = JSON.stringify(settings.requisites);
    const rows = await repo.insertReceipts(
      trx,
      batch.map((p, i) => ({
        operator,
        number: last + i + 1,
        source_type: p.type,
        source_id: p.id,
        user_id: p.userId,
        description: p.description.slice(0, 255),
        currency: p.charged.currency,
        net_cents: p.charged.net_cents,
        vat_percent: p.vatPercent,
        vat_cents: p.charged.vat_cents,
        gross_cents: p.charged.total_cents,
        payment_method: (p.paymentMethod ?? 'Card').slice(0, 64),
        operator_requisites: requisites,
        billing: JSON.stringify(buyerOf(p.billing)),
        issued_at: issuedAt,
      })),
    );
    await repo.setCounter(trx, operator, last + batch.length);
    for (const kind of sourcesOf(kinds)) {
      const ids = batch.filter((p) => p.type === kind.type).map((p) => p.id);
      if (ids.length > 0) await kind.markReceiptsIssued(trx, ids);
    }
    const emailOf = new Map(batch.map((p) => [`${p.type}:${p.id}`, p.billing.email]));
    await queueReceiptMails(
      trx,
      clock,
      rows.map((r) => ({ receiptId: Number(r.id), to: emailOf.get(`${r.source_type}:${r.source_id}`) ?? '' })),
    );
    return batch.length;
  });
}

/**
 * Issues the receipts of every purchase waiting for one (up to BATCHES_PER_PASS batches; the next
 * pass goes on). Between batches the event loop serves requests. Returns how many were issued.
 */
export async function issuePendingReceipts(deps: { db: Db; clock: Clock; paymentKinds: PaymentKinds }, batch = RECEIPT_BATCH): Promise<number> {
  // Most passes find nothing: one indexed look per source, no transaction.
  if (!(await anyPending(deps.db, deps.paymentKinds))) return 0;
  const settings = await getSettings(deps.db);
  let issued = 0;
  for (let i = 0; i < BATCHES_PER_PASS; i++) {
    const n = await issueBatch(deps.db, deps.clock, deps.paymentKinds, settings, batch);
    issued += n;
    if (n < batch) break;
    await nextTurn();
  }
  return issued;
}

registerSweep('receipts.issue', async (ctx) => {
  const issued = await issuePendingReceipts(ctx);
  if (issued > 0) ctx.log.debug({ issued }, 'receipts issued');
});
