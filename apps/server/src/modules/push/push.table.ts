import { type Generated, type Selectable } from 'kysely';

/** One browser's Web Push subscription (issue 34 §3): where to POST and the keys to encrypt for it. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  last_sent_at: string | null;
}
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/** A user's notification settings; no row means the defaults. */
export interface NotificationSettingsTable {
  user_id: number;
  /** 'HH:MM' in `time_zone`; both set: no push between them (the end may be past midnight). */
  quiet_start: string | null;
  quiet_end: string | null;
  time_zone: Generated<string>;
  email_digest: Generated<number>;
  digest_after_minutes: Generated<number>;
  last_digest_at: string | null;
  updated_at: string;
}
export type NotificationSettingsRow = Selectable<NotificationSettingsTable>;

export interface ConversationMutesTable {
  user_id: number;
  topic_id: number;
  created_at: string;
}

/** A tab showing a conversation now: renewed while it does, gone (or expired) when it stops. */
export interface TopicViewersTable {
  viewer_id: string;
  user_id: number;
  topic_id: number;
  until: string;
}

/** A conversation with news its person has not looked at since `first_at`. */
export interface ConversationNewsTable {
  user_id: number;
  topic_id: number;
  first_at: string;
  mailed_at: string | null;
}

/** How far the push sweep has read a table (messages, topic_participants). */
export interface PushCursorsTable {
  name: string;
  last_id: number;
}
