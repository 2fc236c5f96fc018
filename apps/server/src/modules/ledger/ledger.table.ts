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
  note: string | null;
  created_at: string;
}
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
