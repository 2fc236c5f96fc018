import { type DbOrTrx } from '../../db/database.js';
import { type NotificationsTable } from './notifications.table.js';
import { type Insertable } from 'kysely';

/** The new notice's id; undefined when a replayed decision (same dedupe key) left the first notice as it is. */
export function insertNotification(db: DbOrTrx, row: Insertable<NotificationsTable>) {
  return db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function findNotification(db: DbOrTrx, id: number) {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listNotifications(db: DbOrTrx, userId: number, options: { beforeId?: number; limit: number }) {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (options.beforeId !== undefined) query = query.where('id', '<', options.beforeId);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

export async function countUnread(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function markRead(db: DbOrTrx, userId: number, ids: number[] | undefined, at: string) {
  let query = db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  return query.execute();
}

/** Claims one notice for delivery; false when another instance got it first. */
export async function claimDelivery(db: DbOrTrx, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable('notifications').set({ delivered_at: at }).where('id', '=', id).where('delivered_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findRecipient(db: DbOrTrx, userId: number) {
  return db.selectFrom('users').select(['email', 'name', 'language_id']).where('id', '=', userId).executeTakeFirst();
}
