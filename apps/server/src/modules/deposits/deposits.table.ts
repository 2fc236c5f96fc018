import { type Generated, type Insertable, type Selectable } from 'kysely';

export type DepositStatus = 'pending' | 'success' | 'error' | 'canceled' | 'refunded' | 'disputed';

/** A top-up by card: euros charged (cents, VAT on top), coins credited once when the gateway confirms. */
export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<DepositStatus>;
  /** Net price in euro cents (what the coins cost before VAT). */
  amount_cents: number;
  vat_percent: number;
  vat_cents: number;
  /** What the card is charged: amount + VAT. */
  total_cents: number;
  currency: Generated<string>;
  points: number;
  bundle_id: number | null;
  gateway: string;
  gateway_session_id: string | null;
  failure_message: string | null;
  /** JSON snapshot of the billing details given at checkout. */
  billing: string;
  completed_at: string | null;
  /** What the card is charged, in `charge_currency` (the currency the buyer saw); null on rows from before it existed. */
  charge_currency: string | null;
  charge_net_cents: number | null;
  charge_vat_cents: number | null;
  charge_total_cents: number | null;
  /** Refunded so far, in the charged currency, and the coins taken back for it. */
  refunded_cents: Generated<number>;
  refunded_coins: Generated<number>;
  /** The gateway's id of the captured payment (refunds and disputes refer to it). */
  gateway_payment_id: string | null;
  payment_method: string | null;
  /** An unpaid checkout is canceled after this moment. */
  expires_at: string | null;
  /** Paid, its receipt not issued yet (receipts/receipts.issuer.ts): when the payment was confirmed. */
  receipt_pending_at: string | null;
  created_at: string;
  updated_at: string;
}
export type DepositRow = Selectable<DepositsTable>;
export type NewDepositRow = Insertable<DepositsTable>;
