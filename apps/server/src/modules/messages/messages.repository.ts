import { type DbOrTrx } from '../../db/database.js';
import { type NewAttachmentRow, type NewMessageRow } from './messages.table.js';

export function insertMessage(db: DbOrTrx, message: NewMessageRow) {
  return db.insertInto('messages').values(message).returningAll().executeTakeFirstOrThrow();
}

export function insertAttachments(db: DbOrTrx, rows: NewAttachmentRow[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto('attachments').values(rows).returningAll().execute();
}

export function findMessageById(db: DbOrTrx, id: number) {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMessageByClientId(db: DbOrTrx, senderId: number, clientId: string) {
  return db.selectFrom('messages').selectAll().where('sender_id', '=', senderId).where('client_id', '=', clientId).executeTakeFirst();
}

export async function countMessages(db: DbOrTrx, topicId: number) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('topic_id', '=', topicId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest message id of a topic (0 when none): one probe of the (topic_id, id) index. */
export async function findLastMessageId(db: DbOrTrx, topicId: number) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('topic_id', '=', topicId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** One page along the (topic_id, id) index. */
export function listMessagesPage(db: DbOrTrx, topicId: number, limit: number, offset: number, direction: 'asc' | 'desc') {
  return db.selectFrom('messages').selectAll().where('topic_id', '=', topicId).orderBy('id', direction).limit(limit).offset(offset).execute();
}

/** Messages after a known id, oldest first: a reconnecting client resumes without gap or duplicate. */
export function listMessagesAfter(db: DbOrTrx, topicId: number, afterId: number, limit: number) {
  return db.selectFrom('messages').selectAll().where('topic_id', '=', topicId).where('id', '>', afterId).orderBy('id', 'asc').limit(limit).execute();
}

export function listAttachmentsOf(db: DbOrTrx, messageIds: number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('attachments').selectAll().where('message_id', 'in', messageIds).orderBy('id').execute();
}

export function findAttachmentWithTopic(db: DbOrTrx, id: number) {
  return db
    .selectFrom('attachments')
    .innerJoin('messages', 'messages.id', 'attachments.message_id')
    .selectAll('attachments')
    .select('messages.topic_id')
    .where('attachments.id', '=', id)
    .executeTakeFirst();
}

export function findSenderNames(db: DbOrTrx, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute();
}

export async function findBalance(db: DbOrTrx, userId: number) {
  const row = await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.balance;
}
