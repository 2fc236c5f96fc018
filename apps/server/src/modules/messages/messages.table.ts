import { type Generated, type Insertable, type Selectable } from 'kysely';

export type SenderKind = 'user' | 'companion' | 'system';

export interface MessagesTable {
  id: Generated<number>;
  topic_id: number;
  /** Position in the topic (1, 2, 3…), written in the send transaction: who may see it is a seq range. */
  seq: number;
  sender_id: number | null;
  sender_kind: SenderKind;
  content: string;
  /** Coins the sender paid for this message (text and attachments). */
  cost: Generated<number>;
  /** JSON: the sender's equipped skin at send time. */
  look: string | null;
  /** Client-chosen id making a resend idempotent; unique per sender. */
  client_id: string | null;
  /** A regenerated companion reply: the id of the first reply of its group of siblings (migration 0270). */
  variant_of: Generated<number | null>;
  created_at: string;
}
export type MessageRow = Selectable<MessagesTable>;
export type NewMessageRow = Insertable<MessagesTable>;

export interface AttachmentsTable {
  id: Generated<number>;
  message_id: number;
  type: 'image' | 'document' | 'audio' | 'video';
  /** The storage key (random), never a client-chosen name. */
  path: string;
  original_filename: string;
  mime: string;
  filesize: number;
  created_at: string;
}
export type AttachmentRow = Selectable<AttachmentsTable>;
export type NewAttachmentRow = Insertable<AttachmentsTable>;

/** A message a rule held for review: no seq, no delivery, until a moderator approves it. */
export interface HeldMessagesTable {
  id: Generated<number>;
  topic_id: number;
  sender_id: number;
  content: string;
  cost: number;
  client_id: string | null;
  rule_id: number | null;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  message_id: number | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}
export type HeldMessageRow = Selectable<HeldMessagesTable>;
