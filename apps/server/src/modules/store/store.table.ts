import { type Generated, type Insertable, type Selectable } from 'kysely';
import { type OrderStatus, type ProductKind } from '@parley/contracts';

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string;
  kind: ProductKind;
  /** A colour of `bubbleColors` or a style of `textStyles`, by kind. */
  look: string;
  price_cents: number;
  is_active: Generated<number>;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  /** The item as bought (the product may be renamed later). */
  product_name: string;
  price_cents: number;
  vat_percent: number;
  vat_cents: number;
  total_cents: number;
  currency: string;
  status: OrderStatus;
  /** JSON snapshot of the billing details given at checkout (payments/billing.ts, as on deposits). */
  billing: string;
  gateway: string | null;
  gateway_session_id: string | null;
  failure_message: string | null;
  paid_at: string | null;
  /** What the card is charged, in `charge_currency` (the currency the buyer saw); null on rows from before it existed. */
  charge_currency: string | null;
  charge_net_cents: number | null;
  charge_vat_cents: number | null;
  charge_total_cents: number | null;
  refunded_cents: Generated<number>;
  gateway_payment_id: string | null;
  payment_method: string | null;
  expires_at: string | null;
  /** Paid, its receipt not issued yet (receipts/receipts.issuer.ts): when the payment was confirmed. */
  receipt_pending_at: string | null;
  created_at: string;
  updated_at: string;
}
export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;

export interface UserSkinsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  order_id: number | null;
  created_at: string;
}

export interface EquippedSkinsTable {
  user_id: number;
  kind: ProductKind;
  product_id: number;
  updated_at: string;
}
