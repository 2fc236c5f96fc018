import { type Generated, type Selectable } from 'kysely';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  /** Makes a notice idempotent: the same decision replayed writes it once. */
  dedupe_key: string | null;
  created_at: string;
  read_at: string | null;
  delivered_at: string | null;
}
export type NotificationRow = Selectable<NotificationsTable>;
