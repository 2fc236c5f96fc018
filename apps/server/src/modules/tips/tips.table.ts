import { type Generated, type Selectable } from 'kysely';

/** One tip: unique per payer and client key (a retried tip is the same tip). */
export interface TipsTable {
  id: Generated<number>;
  payer_id: number;
  recipient_id: number;
  topic_id: number;
  client_key: string;
  amount: number;
  /** The promotional coins the tip's spend took (positive; decision 029): never earned, refunded as promotional. */
  promo_coins: Generated<number>;
  /** The recipient's share credited as earnings. */
  earned: Generated<number>;
  /** The upheld report that refunded it; set once (a conditional update), so a tip is refunded once. */
  refund_report_id: number | null;
  created_at: string;
}
export type TipRow = Selectable<TipsTable>;
