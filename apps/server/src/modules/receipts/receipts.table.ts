import { type Generated, type Selectable } from 'kysely';

/** The last receipt number given per operator: numbers are gapless because they are taken in the payment's transaction. */
export interface ReceiptCountersTable {
  operator: string;
  last_number: number;
}

/** A receipt for a paid deposit or order, frozen at payment time. */
export interface ReceiptsTable {
  id: Generated<number>;
  operator: string;
  number: number;
  source_type: 'deposit' | 'order';
  source_id: number;
  user_id: number;
  description: string;
  currency: string;
  net_cents: number;
  vat_percent: number;
  vat_cents: number;
  gross_cents: number;
  payment_method: string;
  /** JSON: the operator's requisites (settings) as they were at payment time. */
  operator_requisites: string;
  /** JSON: the buyer's billing details given at checkout. */
  billing: string;
  issued_at: string;
}
export type ReceiptRow = Selectable<ReceiptsTable>;
