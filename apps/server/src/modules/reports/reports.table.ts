import { type Generated, type Selectable } from 'kysely';

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  topic_id: number;
  reported_user_id: number | null;
  type: 'topic' | 'user';
  /** The reporter's reason (ReportReason) and own words; null from clients that send none. */
  reason: string | null;
  details: string | null;
  /** JSON: the last 20 messages of the topic when the report was made. */
  snapshot: string;
  status: Generated<'open' | 'resolved' | 'dismissed'>;
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
}
export type ReportRow = Selectable<ReportsTable>;

/** One refunded message per row (unique message_id): a message's charge is given back once. */
export interface ModerationRefundsTable {
  id: Generated<number>;
  report_id: number;
  message_id: number;
  reporter_id: number;
  amount: number;
  created_at: string;
}
