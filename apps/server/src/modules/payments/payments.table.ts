import { type Generated, type Selectable } from 'kysely';

/** A checkout session of the built-in sandbox gateway (its hosted card page). */
export interface SandboxSessionsTable {
  id: string;
  reference: string;
  result_type: 'topup' | 'payment';
  amount_cents: number;
  currency: string;
  description: string;
  customer_email: string;
  return_url: string;
  cancel_url: string;
  /** open → requires_action (3-D Secure) → succeeded | failed */
  status: Generated<'open' | 'requires_action' | 'succeeded' | 'failed'>;
  card_last4: string | null;
  expires_at: string | null;
  refunded_cents: Generated<number>;
  /** A test dispute opened from the hosted page: open → won | lost. */
  dispute_status: 'open' | 'won' | 'lost' | null;
  /** The buyer's language code: the hosted page speaks it (issue 33). */
  locale: string | null;
  created_at: string;
  updated_at: string;
}
export type SandboxSessionRow = Selectable<SandboxSessionsTable>;

/** Every verified gateway event we acted on, once per (gateway, event_id). */
export interface PaymentEventsTable {
  id: Generated<number>;
  gateway: string;
  event_id: string;
  kind: string;
  reference: string;
  amount_cents: number;
  created_at: string;
}

/** Refunds the sandbox made, once per idempotency key (like a real gateway's). */
export interface SandboxRefundsTable {
  id: Generated<number>;
  session_id: string;
  amount_cents: number;
  idempotency_key: string;
  created_at: string;
}

/** Which of our references a captured gateway payment belongs to: disputes name only the payment. */
export interface GatewayPaymentsTable {
  id: Generated<number>;
  gateway: string;
  payment_id: string;
  reference: string;
  created_at: string;
}
