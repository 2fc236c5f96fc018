import { type Generated } from 'kysely';

/** Issue 35 §1: an interlocutor's short texts to insert into a chat (never sent on their own). */
export interface SavedRepliesTable {
  id: Generated<number>;
  user_id: number;
  text: string;
  created_at: string;
}
