import { type Generated, type Insertable, type Selectable } from 'kysely';

export interface TopicsTable {
  id: Generated<number>;
  room_id: number | null;
  /** The owner: leaving closes the topic. */
  user_id: number;
  title: string;
  chat_mode: 'human' | 'ai';
  companion_name: string;
  /** The companion persona of an AI topic (companion_personas); null: the built-in default. */
  persona_id: Generated<number | null>;
  is_closed: Generated<number>;
  /** Who closed it: 'owner' (leaving) or 'moderator'; null while open (or closed before this was kept). */
  closed_by: Generated<'owner' | 'moderator' | null>;
  is_highlighted: Generated<number>;
  highlight_color: string | null;
  text_look: Generated<string>;
  color: string | null;
  terms_title: string;
  terms_description: string;
  /** JSON array of strings. */
  terms_rules: string;
  /** Users in the topic now (owner included). */
  participants_count: Generated<number>;
  /** Set while a human-mode topic waits with one participant: the matching pool, oldest first. */
  waiting_since: string | null;
  /** The seq of the topic's newest message (messages.seq is dense: 1…last_seq). */
  last_seq: Generated<number>;
  /** Issue 35 §2: the owner asked for their last partner ("talk again"); 1/0. */
  talk_again: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type TopicRow = Selectable<TopicsTable>;
export type NewTopicRow = Insertable<TopicsTable>;

export interface TopicParticipantsTable {
  id: Generated<number>;
  topic_id: number;
  user_id: number;
  joined_at: string;
  left_at: string | null;
  /** This participation sees messages with from_seq < seq ≤ to_seq (≤ the topic's last_seq while in). */
  from_seq: Generated<number>;
  to_seq: number | null;
}
export type TopicParticipantRow = Selectable<TopicParticipantsTable>;

export interface TermsAcceptancesTable {
  id: Generated<number>;
  user_id: number;
  topic_id: number;
  accepted_at: string;
}

export interface BlocksTable {
  id: Generated<number>;
  blocker_id: number;
  blocked_id: number;
  /** The conversation the block was made from (null once that topic is gone). */
  topic_id: number | null;
  /** The chat name the blocked person had when blocked: what the blocker knew them by. */
  blocked_chat_name: string;
  created_at: string;
}
export type BlockRow = Selectable<BlocksTable>;
