import { type Generated, type Selectable } from 'kysely';

/** Issue 35 §1: an interlocutor's availability. Available holds while active_at is recent and the app is open. */
export interface InterlocutorPresenceTable {
  user_id: number;
  status: 'available' | 'away';
  max_chats: Generated<number>;
  talk_again: Generated<number>;
  /** When they last went Available: the longest available is offered first among equals. */
  available_since: string | null;
  /** The app's last activity report (the idle setting counts from it). */
  active_at: string | null;
  /** Set when their last socket closed; cleared when one opens (Available lapses after the grace). */
  disconnected_at: string | null;
  updated_at: string;
}
export type PresenceRow = Selectable<InterlocutorPresenceTable>;

/** One row per alert sent: the primary key (topic, interlocutor) makes it once per topic. */
export interface QueueAlertsTable {
  topic_id: number;
  user_id: number;
  created_at: string;
}

/** Every time a waiting human topic was joined: what the payer's estimate reads. */
export interface TopicMatchesTable {
  id: Generated<number>;
  topic_id: number;
  room_id: number | null;
  owner_id: number;
  partner_id: number;
  waited_seconds: number;
  /** UTC hour of the moment the topic started waiting. */
  hour_of_day: number;
  matched_at: string;
}
export type TopicMatchRow = Selectable<TopicMatchesTable>;
