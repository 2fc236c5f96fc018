import { type Generated, type Selectable } from 'kysely';

export type RefundSource = 'deposit' | 'order';
/** pending: reserved in our books, not yet confirmed by the gateway; succeeded: the gateway refunded the money. */
export type RefundStatus = 'pending' | 'succeeded';

/** Money given back through the gateway; the coins (deposits) are taken back in the same transaction that reserves it. */
export interface RefundsTable {
  id: Generated<number>;
  source_type: RefundSource;
  source_id: number;
  user_id: number;
  /** In the charged currency. */
  amount_cents: number;
  currency: string;
  /** Coins taken back from the balance (0 for skin orders). */
  coins: number;
  reason: string;
  status: RefundStatus;
  gateway: string;
  payment_id: string;
  gateway_refund_id: string | null;
  /** The admin who refunded; null for automatic refunds (a second payment, a late payment). */
  actor_id: number | null;
  /** Unique: one admin click (or one automatic cause) is one refund, however often it is sent. */
  request_key: string;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
export type RefundRow = Selectable<RefundsTable>;

/** A refund the gateway reported, by its id, whoever started it (refunds.service#gatewayRefundTarget). */
export interface GatewayRefundsTable {
  id: Generated<number>;
  gateway: string;
  refund_id: string;
  payment_id: string;
  amount_cents: number;
  created_at: string;
}
