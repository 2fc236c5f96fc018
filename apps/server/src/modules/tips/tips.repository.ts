import { type DbOrTrx } from '../../db/database.js';
import { type TipRow } from './tips.table.js';

/** The tip, unless this payer used the key before (then nothing: the unique index keeps the first). */
export function insertTip(db: DbOrTrx, row: Omit<TipRow, 'id' | 'promo_coins' | 'earned' | 'refund_report_id'>) {
  return db
    .insertInto('tips')
    .values({ ...row, refund_report_id: null })
    .onConflict((oc) => oc.columns(['payer_id', 'client_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findTipByKey(db: DbOrTrx, payerId: number, clientKey: string) {
  return db.selectFrom('tips').selectAll().where('payer_id', '=', payerId).where('client_key', '=', clientKey).executeTakeFirst();
}

export function recordTipShares(db: DbOrTrx, tipId: number, shares: { promo_coins: number; earned: number }) {
  return db.updateTable('tips').set(shares).where('id', '=', tipId).execute();
}

/**
 * Marks the payer's tips to the reported person in the topic as refunded by this report and returns them:
 * only those no report refunded yet (a conditional update: racing or repeated decisions take each tip once).
 */
export function claimTipsForRefund(db: DbOrTrx, input: { reportId: number; payerId: number; recipientId: number; topicId: number }) {
  return db
    .updateTable('tips')
    .set({ refund_report_id: input.reportId })
    .where('payer_id', '=', input.payerId)
    .where('recipient_id', '=', input.recipientId)
    .where('topic_id', '=', input.topicId)
    .where('refund_report_id', 'is', null)
    .returning(['id', 'amount', 'promo_coins', 'earned'])
    .execute();
}
