import { type DbOrTrx } from '../../db/database.js';

export function insertEmailToken(db: DbOrTrx, row: { user_id: number; kind: 'verify' | 'reset'; token_hash: string; expires_at: string; created_at: string }) {
  return db.insertInto('email_tokens').values(row).execute();
}

export function findEmailToken(db: DbOrTrx, tokenHash: string, kind: 'verify' | 'reset') {
  return db.selectFrom('email_tokens').selectAll().where('token_hash', '=', tokenHash).where('kind', '=', kind).executeTakeFirst();
}

/** Marks a token used; false when someone else used it first. */
export async function consumeEmailToken(db: DbOrTrx, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('email_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function invalidateOpenTokens(db: DbOrTrx, userId: number, kind: 'verify' | 'reset', now: string) {
  return db.updateTable('email_tokens').set({ used_at: now }).where('user_id', '=', userId).where('kind', '=', kind).where('used_at', 'is', null).execute();
}

export function deleteSession(db: DbOrTrx, id: string) {
  return db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends a user's sessions (all, or all but one); returns the ids ended, for their `session.ended` events. */
export async function deleteUserSessions(db: DbOrTrx, userId: number, exceptId?: string): Promise<string[]> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.returning('id').execute()).map((row) => row.id);
}

/** Sessions past their expiry: the session lookup already ignores them; this frees the rows. */
export async function deleteExpiredSessions(db: DbOrTrx, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Verification and reset tokens past their expiry (used or not): none can be redeemed any more. */
export async function deleteExpiredEmailTokens(db: DbOrTrx, now: string): Promise<number> {
  const result = await db.deleteFrom('email_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
