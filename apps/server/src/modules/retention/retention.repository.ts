import { type DbOrTrx } from '../../db/database.js';

/**
 * The retention job's statements (issue 30): each deletes at most `limit` rows past their
 * retention, oldest first, so a large backlog goes in short statements that never hold a table long.
 * Deletes by id through a bounded sub-select, which both dialects accept.
 */
const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

export async function deleteNotificationsBefore(db: DbOrTrx, before: string, limit: number): Promise<number> {
  const ids = db.selectFrom('notifications').select('id').where('created_at', '<', before).orderBy('created_at').limit(limit);
  return deleted(await db.deleteFrom('notifications').where('id', 'in', ids).executeTakeFirstOrThrow());
}

export async function deleteAuditEntriesBefore(db: DbOrTrx, before: string, limit: number): Promise<number> {
  const ids = db.selectFrom('audit_log').select('id').where('created_at', '<', before).orderBy('created_at').limit(limit);
  return deleted(await db.deleteFrom('audit_log').where('id', 'in', ids).executeTakeFirstOrThrow());
}

export async function deletePaymentEventsBefore(db: DbOrTrx, before: string, limit: number): Promise<number> {
  const ids = db.selectFrom('payment_events').select('id').where('created_at', '<', before).orderBy('created_at').limit(limit);
  return deleted(await db.deleteFrom('payment_events').where('id', 'in', ids).executeTakeFirstOrThrow());
}

/** Held messages a moderator decided before `before` (pending ones wait for their decision whatever their age). */
export async function deleteDecidedHeldMessagesBefore(db: DbOrTrx, before: string, limit: number): Promise<number> {
  const ids = db.selectFrom('held_messages').select('id').where('status', '!=', 'pending').where('decided_at', '<', before).orderBy('decided_at').limit(limit);
  return deleted(await db.deleteFrom('held_messages').where('id', 'in', ids).executeTakeFirstOrThrow());
}

/** Attachments of messages whose sender deleted their account before `before`: ids and storage keys. */
export const listDeletedAccountAttachments = (db: DbOrTrx, before: string, limit: number) =>
  db
    .selectFrom('attachments')
    .innerJoin('messages', 'messages.id', 'attachments.message_id')
    .innerJoin('users', 'users.id', 'messages.sender_id')
    .select(['attachments.id', 'attachments.path'])
    .where('messages.sender_kind', '=', 'user')
    .where('users.deleted_at', '<', before)
    .orderBy('attachments.id')
    .limit(limit)
    .execute();

export async function deleteAttachments(db: DbOrTrx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return deleted(await db.deleteFrom('attachments').where('id', 'in', ids).executeTakeFirstOrThrow());
}
