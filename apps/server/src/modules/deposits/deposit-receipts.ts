import { type ReceiptSource } from '../receipts/receipts.issuer.js';
import { chargedOf, depositBuyer } from './deposits.mapper.js';
import * as repo from './deposits.repository.js';

/** Paid deposits waiting for their receipt, as the receipt issuer reads them: the charge and the billing given at checkout. */
export const depositReceipts: ReceiptSource = {
  async listPending(db, limit) {
    const rows = await repo.listReceiptPending(db, limit);
    return rows.map((deposit) => {
      const charged = chargedOf(deposit);
      return {
        sourceId: deposit.id,
        userId: deposit.user_id,
        pendingAt: deposit.receipt_pending_at!,
        description: `${deposit.points} Parley coins`,
        currency: charged.currency,
        netCents: charged.net_cents,
        vatPercent: deposit.vat_percent,
        vatCents: charged.vat_cents,
        grossCents: charged.total_cents,
        paymentMethod: deposit.payment_method ?? 'Card',
        buyer: depositBuyer(deposit),
      };
    });
  },
  markIssued: async (trx, ids) => {
    await repo.clearReceiptPending(trx, ids);
  },
};
