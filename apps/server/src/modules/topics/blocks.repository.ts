import { type DbOrTrx } from '../../db/database.js';
import { chatNameColumns } from '../users/chat-name.js';

/**
 * The person a user would block from a conversation, with what their chat name needs:
 * for the owner, the partner in it now, else the last one who left; for a partner, the owner.
 */
export function findCounterpart(db: DbOrTrx, topicId: number, ownerId: number, userId: number) {
  let query = db
    .selectFrom('topic_participants as p')
    .innerJoin('users', 'users.id', 'p.user_id')
    .select([...chatNameColumns, 'p.left_at'])
    .where('p.topic_id', '=', topicId)
    .where('p.user_id', '<>', userId);
  if (ownerId !== userId) query = query.where('p.user_id', '=', ownerId);
  // The partner in the chat now first (left_at null), then the most recent one to leave.
  return query
    .orderBy((eb) => eb.case().when('p.left_at', 'is', null).then(0).else(1).end())
    .orderBy('p.joined_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts the block unless the pair already has one; the row either way. */
export async function upsertBlock(
  db: DbOrTrx,
  values: { blocker_id: number; blocked_id: number; topic_id: number; blocked_chat_name: string; created_at: string },
) {
  await db
    .insertInto('blocks')
    .values(values)
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
  return db.selectFrom('blocks').selectAll().where('blocker_id', '=', values.blocker_id).where('blocked_id', '=', values.blocked_id).executeTakeFirstOrThrow();
}

export function listBlocksBy(db: DbOrTrx, blockerId: number) {
  return db.selectFrom('blocks').selectAll().where('blocker_id', '=', blockerId).orderBy('id', 'desc').execute();
}

export async function deleteBlock(db: DbOrTrx, blockerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blocks').where('id', '=', id).where('blocker_id', '=', blockerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Everyone on the other side of a block with this user, in either direction. */
export async function listBlockedCounterparts(db: DbOrTrx, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute();
  return [...new Set(rows.map((r) => (r.blocker_id === userId ? r.blocked_id : r.blocker_id)))];
}

/** Whether either of two users has blocked the other. */
export async function isBlockedPair(db: DbOrTrx, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]), eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)])]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
