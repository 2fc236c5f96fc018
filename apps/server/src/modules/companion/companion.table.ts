import { type Generated, type Selectable } from 'kysely';

/** pending → processing → sent | failed; pending → cancelled. */
export type CompanionReplyStatus = 'pending' | 'processing' | 'sent' | 'failed' | 'cancelled';

export interface CompanionRepliesTable {
  id: Generated<number>;
  topic_id: number;
  /** The newest user message this reply answers; later messages extend the pending reply. */
  last_user_message_id: number;
  status: CompanionReplyStatus;
  due_at: string;
  attempts: Generated<number>;
  /** The instance working on it, and since when (a lease: a crashed worker's claim expires). */
  claimed_by: string | null;
  claimed_at: string | null;
  reply_message_id: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}
export type CompanionReplyRow = Selectable<CompanionRepliesTable>;
