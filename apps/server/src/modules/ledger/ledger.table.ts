import { type Generated, type Selectable } from 'kysely';

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  /** Signed coins: credit > 0, debit < 0. */
  amount: number;
  kind: string;
  reference_type: string | null;
  reference_id: string | null;
  /** Unique: the same business event can never post twice. */
  idempotency_key: string;
  balance_after: number;
  /** The entry's promotional coins, signed like `amount` (decision 029): a spend's promotional part, a promotional credit. */
  promo_amount: Generated<number>;
  note: string | null;
  created_at: string;
}
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;

/** The share an interlocutor was not credited because the payer spent promotional coins (decision 029). */
export interface PromoSharesTable {
  id: Generated<number>;
  /** The interlocutor. */
  user_id: number;
  payer_id: number;
  reference_type: string;
  reference_id: string;
  coins: number;
  created_at: string;
}
