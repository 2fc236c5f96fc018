import { orderStatusLabels, type Charged, type DisplayPrice, type Order, type Product, type ProductKind } from '@parley/contracts';
import { fromFlag } from '../../db/dialect.js';
import { chargedFrom } from '../payments/billing.js';
import { type OrderRow, type ProductRow } from './store.table.js';

export const orderNumber = (id: number) => `PRL-${String(id).padStart(6, '0')}`;
export const previewUrl = (id: number) => `/api/products/${id}/preview.svg`;
const euros = (cents: number) => Math.round(cents) / 100;

/** The API shape of a product (skin). */
export function toProduct(row: ProductRow, isOwned: boolean, display: DisplayPrice): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    look: row.look,
    price_cents: row.price_cents,
    price: euros(row.price_cents),
    currency: 'EUR',
    image_url: previewUrl(row.id),
    is_active: fromFlag(row.is_active),
    is_owned: isOwned,
    display,
  };
}

/** What the card is (or was) charged, in the buyer's currency (older rows: euros). */
export const chargedOf = (row: OrderRow): Charged => chargedFrom({ ...row, net_cents: row.price_cents });

/** The API shape of an order (spec §3 Order: order number, item, total, status, date). */
export function toOrder(row: OrderRow, product: { kind: ProductKind; look: string }, hasReceipt = false): Order {
  return {
    id: row.id,
    order_number: orderNumber(row.id),
    item: { product_id: row.product_id, name: row.product_name, kind: product.kind, look: product.look },
    price_cents: row.price_cents,
    vat_percent: Number(row.vat_percent),
    vat_cents: row.vat_cents,
    total_cents: row.total_cents,
    total: euros(row.total_cents),
    currency: 'EUR',
    status: row.status,
    status_label: orderStatusLabels[row.status],
    created_at: row.created_at,
    paid_at: row.paid_at,
    message: row.failure_message,
    charged: chargedOf(row),
    expires_at: row.expires_at,
    has_receipt: hasReceipt,
  };
}
