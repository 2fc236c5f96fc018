import { type Generated, type Selectable } from 'kysely';

export type DisputeStatus = 'open' | 'won' | 'lost';

/** A card dispute (chargeback) on a payment; the disputed coins are held by the ledger while it is open. */
export interface DisputesTable {
  id: Generated<number>;
  gateway: string;
  gateway_dispute_id: string;
  source_type: 'deposit' | 'order';
  source_id: number;
  user_id: number;
  /** In the charged currency. */
  amount_cents: number;
  /** Coins taken from the balance into the hold (at most what was left of the deposit's coins). */
  coins_held: number;
  status: DisputeStatus;
  reason: string | null;
  created_at: string;
  updated_at: string;
}
export type DisputeRow = Selectable<DisputesTable>;
