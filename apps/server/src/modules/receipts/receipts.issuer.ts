import { type RefundSourceType, type Settings } from '@parley/contracts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { registerSweep } from '../jobs/jobs.registry.js';
import { getSettings } from '../reference/settings.service.js';
import { type BuyerDetails } from './receipt-pdf.js';
import { queueReceiptMails } from './receipts.jobs.js';
import * as repo from './receipts.repository.js';

/**
 * Receipts are issued after the payment, not in it (decision 023). The payment's transaction only
 * marks its deposit or order as waiting for a receipt (in the UPDATE that marks it paid); the job
 * worker's sweep then numbers what waits, in batches, in the order the payments were confirmed.
 * Numbers stay gapless per operator because they are taken only in the transaction that writes the
 * receipts, under the operator's counter row; no payment waits on that row any more.
 */

/** A paid purchase waiting for its receipt, as the module that sold it describes it. */
export interface PendingReceipt {
  sourceId: number;
  userId: number;
  /** When it was marked waiting (its payment's confirmation): receipts are numbered in this order. */
  pendingAt: string;
  description: string;
  currency: string;
  netCents: number;
  vatPercent: number;
  vatCents: number;
  grossCents: number;
  paymentMethod: string;
  buyer: BuyerDetails;
}

/** What sells things with receipts (deposits, store orders) tells the issuer. */
export interface ReceiptSource {
  /** Paid and still waiting for a receipt, oldest first, at most `limit`. */
  listPending(db: DbOrTrx, limit: number): Promise<PendingReceipt[]>;
  /** No longer waiting: their receipts are written in this transaction. */
  markIssued(trx: DbOrTrx, sourceIds: number[]): Promise<void>;
}

const sources = new Map<RefundSourceType, ReceiptSource>();

/** Once per process (several app instances share it): in the module's routes plugin, like payment handlers. */
export function registerReceiptSource(type: RefundSourceType, source: ReceiptSource) {
  sources.set(type, source);
}

/** Receipts one numbering transaction writes at most; a pass takes this many batches at most. */
export const RECEIPT_BATCH = 100;
const BATCHES_PER_PASS = 50;

/** The operator whose numbering a receipt joins: the legal name of the requisites. */
const operatorOf = (requisites: string[]) => (requisites[0] ?? 'Parley').trim().slice(0, 64) || 'Parley';

const byPending = (a: PendingReceipt & { type: RefundSourceType }, b: PendingReceipt & { type: RefundSourceType }) =>
  a.pendingAt < b.pendingAt ? -1 : a.pendingAt > b.pendingAt ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : a.sourceId - b.sourceId;

async function anyPending(db: Db): Promise<boolean> {
  for (const source of sources.values()) if ((await source.listPending(db, 1)).length > 0) return true;
  return false;
}

/**
 * One numbering transaction: the counter row first (so a second instance waits here and then sees
 * what this one issued), the oldest waiting purchases, their receipts with the next numbers, the
 * counter moved past them, the marks cleared and the mails queued. All of it or nothing.
 */
async function issueBatch(db: Db, clock: Clock, settings: Settings, limit: number): Promise<number> {
  const operator = operatorOf(settings.requisites);
  return db.transaction().execute(async (trx) => {
    const last = await repo.lockCounter(trx, operator);
    const waiting: (PendingReceipt & { type: RefundSourceType })[] = [];
    for (const [type, source] of sources) for (const p of await source.listPending(trx, limit)) waiting.push({ ...p, type });
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
        source_id: p.sourceId,
        user_id: p.userId,
        description: p.description.slice(0, 255),
        currency: p.currency,
        net_cents: p.netCents,
        vat_percent: p.vatPercent,
        vat_cents: p.vatCents,
        gross_cents: p.grossCents,
        payment_method: p.paymentMethod.slice(0, 64),
        operator_requisites: requisites,
        billing: JSON.stringify(p.buyer),
        issued_at: issuedAt,
      })),
    );
    await repo.setCounter(trx, operator, last + batch.length);
    for (const [type, source] of sources) {
      const ids = batch.filter((p) => p.type === type).map((p) => p.sourceId);
      if (ids.length > 0) await source.markIssued(trx, ids);
    }
    const emailOf = new Map(batch.map((p) => [`${p.type}:${p.sourceId}`, p.buyer.email]));
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
export async function issuePendingReceipts(deps: { db: Db; clock: Clock }, batch = RECEIPT_BATCH): Promise<number> {
  // Most passes find nothing: one indexed look per source, no transaction.
  if (!(await anyPending(deps.db))) return 0;
  const settings = await getSettings(deps.db);
  let issued = 0;
  for (let i = 0; i < BATCHES_PER_PASS; i++) {
    const n = await issueBatch(deps.db, deps.clock, settings, batch);
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
