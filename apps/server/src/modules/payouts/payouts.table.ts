import { type Generated, type Selectable } from 'kysely';
import { type PayoutMethodId, type PayoutStatus } from '@parley/contracts';

export interface PayoutsTable {
  id: Generated<number>;
  user_id: number;
  status: PayoutStatus;
  method: PayoutMethodId;
  amount_cents: number;
  currency: string;
  /** Coins held by the ledger for this payout. */
  coins: number;
  first_name: string;
  last_name: string;
  country_id: number;
  city: string;
  address: string;
  zip: string;
  /** AES-256-GCM sealed JSON of the method details (lib/secret-box.ts). */
  details_encrypted: string;
  destination_last4: string;
  request_id: string | null;
  decided_by: number | null;
  approved_at: string | null;
  paid_at: string | null;
  rejected_at: string | null;
  rejection_reason: string | null;
  created_at: string;
  updated_at: string;
}
export type PayoutRow = Selectable<PayoutsTable>;
