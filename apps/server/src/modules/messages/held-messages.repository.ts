import { type DbOrTrx } from '../../db/database.js';

export const insertHeld = (
  db: DbOrTrx,
  values: { topic_id: number; sender_id: number; content: string; cost: number; client_id: string | null; rule_id: number | null; created_at: string },
) => db.insertInto('held_messages').values(values).returningAll().executeTakeFirstOrThrow();

export const findHeld = (db: DbOrTrx, id: number) => db.selectFrom('held_messages').selectAll().where('id', '=', id).executeTakeFirst();

export const findHeldByClientId = (db: DbOrTrx, senderId: number, clientId: string) =>
  db.selectFrom('held_messages').selectAll().where('sender_id', '=', senderId).where('client_id', '=', clientId).executeTakeFirst();

export const listPendingForSender = (db: DbOrTrx, senderId: number, topicId: number) =>
  db
    .selectFrom('held_messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('topic_id', '=', topicId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();

/** The review queue: pending first, oldest first; the sender by chat name only. */
export const listForReview = (db: DbOrTrx, status: 'pending' | 'approved' | 'rejected', limit: number) =>
  db
    .selectFrom('held_messages')
    .innerJoin('topics', 'topics.id', 'held_messages.topic_id')
    .innerJoin('users', 'users.id', 'held_messages.sender_id')
    .select([
      'held_messages.id',
      'held_messages.topic_id',
      'topics.title as topic_title',
      'held_messages.content',
      'held_messages.cost',
      'held_messages.rule_id',
      'held_messages.status',
      'held_messages.created_at',
      'held_messages.decided_at',
      // The sender's chat-name fields (their id under another name: the row's id is the held message's).
      'users.id as sender_id',
      'users.chat_name',
      'users.contributor_nickname',
      'users.is_contributor',
    ])
    .where('held_messages.status', '=', status)
    .orderBy('held_messages.id')
    .limit(limit)
    .execute();

/** Moves a pending message to its decision, once: false when someone decided it first. */
export async function decideHeld(db: DbOrTrx, id: number, status: 'approved' | 'rejected', actorId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('held_messages')
    .set({ status, decided_by: actorId, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An upheld complaint releases a rejected message: true once, for the decision that moves it. */
export async function releaseRejectedHeld(db: DbOrTrx, id: number, actorId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('held_messages')
    .set({ status: 'approved', decided_by: actorId, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'rejected')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const setDeliveredMessage = (db: DbOrTrx, id: number, messageId: number) =>
  db.updateTable('held_messages').set({ message_id: messageId }).where('id', '=', id).execute();
