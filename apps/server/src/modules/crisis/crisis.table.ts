import { type Generated, type Selectable } from 'kysely';

/** One row (id 1): the operator's crisis-care configuration (migration 0360). */
export interface CrisisConfigTable {
  id: number;
  moderation_enabled: Generated<number>;
  moderation_url: Generated<string>;
  moderation_model: Generated<string>;
  moderation_timeout_ms: Generated<number>;
  moderation_key_sealed: string | null;
  moderation_key_last4: string | null;
  default_country: Generated<string>;
  /** JSON helpline directory the operator edited; null: the shipped one (data/helplines.json). */
  helplines: string | null;
  updated_at: string;
}
export type CrisisConfigRow = Selectable<CrisisConfigTable>;

/** A conversation flagged for the moderation queue: no message text, only when and how often. */
export interface CrisisFlagsTable {
  id: Generated<number>;
  topic_id: number;
  status: Generated<'open' | 'handled'>;
  source: 'offline' | 'endpoint';
  messages_count: Generated<number>;
  first_at: string;
  last_at: string;
  handled_at: string | null;
  handled_by: number | null;
}
export type CrisisFlagRow = Selectable<CrisisFlagsTable>;
