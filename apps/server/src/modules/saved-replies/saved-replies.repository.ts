import { sql } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';

export const listReplies = (db: DbOrTrx, userId: number) =>
  db.selectFrom('saved_replies').select(['id', 'text']).where('user_id', '=', userId).orderBy('id').execute();

export async function countReplies(db: DbOrTrx, userId: number) {
  const row = await db
    .selectFrom('saved_replies')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const insertReply = (db: DbOrTrx, row: { user_id: number; text: string; created_at: string }) =>
  db.insertInto('saved_replies').values(row).returning(['id', 'text']).executeTakeFirstOrThrow();

export async function deleteReply(db: DbOrTrx, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('saved_replies').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Serialises one user's additions (the count check below), as topics.repository#lockUser does for chats. */
export async function lockUser(db: DbOrTrx, userId: number) {
  await db
    .updateTable('users')
    .set({ updated_at: sql<string>`updated_at` })
    .where('id', '=', userId)
    .execute();
}
