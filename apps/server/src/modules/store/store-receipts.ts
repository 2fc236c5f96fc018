import { type ReceiptSource } from '../receipts/receipts.issuer.js';
import { chargedOf } from './store.mapper.js';
import * as repo from './store.repository.js';

/** Paid skin orders waiting for their receipt, as the receipt issuer reads them: the item as bought, the charge, the billing. */
export const orderReceipts: ReceiptSource = {
  async listPending(db, limit) {
    const rows = await repo.listReceiptPending(db, limit);
    return rows.map((order) => {
      const charged = chargedOf(order);
      return {
        sourceId: order.id,
        userId: order.user_id,
        pendingAt: order.receipt_pending_at!,
        description: `Chat skin: ${order.product_name}`,
        currency: charged.currency,
        netCents: charged.net_cents,
        vatPercent: Number(order.vat_percent),
        vatCents: charged.vat_cents,
        grossCents: charged.total_cents,
        paymentMethod: order.payment_method ?? 'Card',
        buyer: {
          name: order.billing_name,
          surname: order.billing_surname,
          email: order.billing_email,
          phone: order.billing_phone,
          address: order.billing_address,
          city: order.billing_city,
          postCode: order.billing_post_code,
          country: order.country_title ?? '',
        },
      };
    });
  },
  markIssued: async (trx, ids) => {
    await repo.clearReceiptPending(trx, ids);
  },
};
