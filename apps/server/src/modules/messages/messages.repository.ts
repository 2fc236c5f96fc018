import { chatNameColumns } from '../users/chat-name.js';
import { sql } from 'kysely';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { isPostgresDb } from '../../db/dialect.js';
import { postgresStatement, prepared } from '../../db/prepared.js';
import { announceWrite } from '../../db/write-invalidations.js';
import { type SeqRange } from '../../lib/seq-ranges.js';
import { type MessageRow, type NewAttachmentRow, type NewMessageRow } from './messages.table.js';

export function insertMessage(db: DbOrTrx, message: NewMessageRow) {
  return db.insertInto('messages').values(message).returningAll().executeTakeFirstOrThrow();
}

/** A delivered message's columns, every one given (a prepared statement keeps one shape). */
type NewMessage = Required<Omit<NewMessageRow, 'id' | 'seq' | 'variant_of'>>;

/** PostgreSQL: the topic's next seq and the message in one data-modifying CTE, prepared once (every send runs it). */
const insertAtNextSeqCte = prepared((db, m: NewMessage) =>
  db
    .with('next', (qb) =>
      qb
        .updateTable('topics')
        .set({ last_seq: sql<number>`last_seq + 1`, updated_at: m.created_at })
        .where('id', '=', m.topic_id)
        .returning('last_seq'),
    )
    .insertInto('messages')
    .values({ ...columnsOf(m), seq: (eb) => eb.selectFrom('next').select('next.last_seq') })
    .returningAll(),
);

/** SQLite, which has no data-modifying CTE: the seq first, then the message; both prepared once. */
const takeNextSeq = prepared((db, v: { topicId: number; now: string }) =>
  db
    .updateTable('topics')
    .set({ last_seq: sql<number>`last_seq + 1`, updated_at: v.now })
    .where('id', '=', v.topicId)
    .returning('last_seq'),
);
const insertAtSeq = prepared((db, m: NewMessage & { seq: number }) =>
  db
    .insertInto('messages')
    .values({ ...columnsOf(m), seq: m.seq })
    .returningAll(),
);

/** The columns in one order, whatever order the caller's object has. */
const columnsOf = (m: NewMessage): NewMessage => ({
  topic_id: m.topic_id,
  sender_id: m.sender_id,
  sender_kind: m.sender_kind,
  content: m.content,
  cost: m.cost,
  look: m.look,
  client_id: m.client_id,
  created_at: m.created_at,
});

/**
 * The one place a topic's seq is taken (decision 011): reserves the topic's next seq (touching the topic)
 * and stores the delivered message with it, in the caller's transaction — one statement on PostgreSQL
 * (a data-modifying CTE), two on SQLite, which has none. Both announce the topic's change (prepared).
 */
export async function insertMessageAtNextSeq(db: DbOrTrx, message: NewMessage) {
  const m = columnsOf(message);
  if (isPostgresDb(db as Db)) {
    const [row] = await insertAtNextSeqCte(db, m);
    if (!row) throw new Error(`topic ${message.topic_id} not found`);
    return row;
  }
  const [next] = await takeNextSeq(db, { topicId: m.topic_id, now: m.created_at });
  if (!next) throw new Error(`topic ${message.topic_id} not found`);
  const [row] = await insertAtSeq(db, { ...m, seq: next.last_seq });
  return row!;
}

/** The send statements, by access SQL and then by posting CTEs ('' without): both strings are built once, so their hashes are kept. */
const sendStatements = new Map<string, Map<string, (db: DbOrTrx, parameters: unknown[]) => Promise<Record<string, unknown>[]>>>();

/**
 * A posting (ledger.service#postForRow) for the new message, run in the statement that stores it: the name of
 * the CTE it reads the new row's id from, its CTEs, their parameters ($9 on), the joins that bring in its
 * outcome and the expression of that outcome (one JSON column).
 */
export interface MessagePosting {
  rowCte: string;
  ctes: string;
  parameters: unknown[];
  joins: string;
  outcome: string;
}
/** The message statement's own parameters: a posting's follow them. */
export const MESSAGE_PARAMETERS = 8;

/**
 * PostgreSQL, every send: the sender's topic access (`accessSql`, the topics module's read, $1 the topic)
 * and, when the sender is in the open topic, the message at the topic's next seq — and with a `posting`,
 * its charge (ledger.service#postForRow: the move and the entry, only when the message was stored) — one
 * round trip. The access rows come back whatever happened: the caller applies the writer rule to them
 * (topics.access#checkTopicSender), then settles the posting, and a refusal of either rolls it all back. The
 * statement's own condition (a member, not closed) only keeps it from touching a topic it may not write to;
 * it announces the topic's change.
 */
export async function insertMessageIfMember<A extends object>(
  db: DbOrTrx,
  accessSql: string,
  m: NewMessage,
  posting?: MessagePosting,
): Promise<{ access: A[]; message: MessageRow | undefined; posted: unknown }> {
  let byPosting = sendStatements.get(accessSql);
  if (!byPosting) sendStatements.set(accessSql, (byPosting = new Map()));
  let run = byPosting.get(posting?.ctes ?? '');
  if (!run) {
    run = postgresStatement<Record<string, unknown>>(`with access as (${accessSql}),
next as (
  update topics set last_seq = last_seq + 1, updated_at = $8::varchar
  where id = $1::integer and is_closed = 0 and exists (select 1 from access where access.p_user_id = $2::integer)
  returning last_seq),
inserted as (
  insert into messages (topic_id, sender_id, sender_kind, content, cost, look, client_id, created_at, seq)
  select $1::integer, $2::integer, $3::varchar, $4::text, $5::integer, $6::text, $7::varchar, $8::varchar, next.last_seq from next
  returning *)${posting ? `,\n${posting.rowCte} as (select id from inserted),\n${posting.ctes}` : ''}
select access.*, to_json(inserted) as sent_message, ${posting ? posting.outcome : 'null'} as posted
from access left join inserted on true ${posting?.joins ?? ''}`);
    byPosting.set(posting?.ctes ?? '', run);
  }
  const own = [m.topic_id, m.sender_id, m.sender_kind, m.content, m.cost, m.look, m.client_id, m.created_at];
  const rows = (await run(db, posting ? [...own, ...posting.parameters] : own)) as (A & { sent_message: MessageRow | null; posted: unknown })[];
  const message = rows[0]?.sent_message ?? undefined;
  if (message) announceWrite(db, { kind: 'topic', topicId: message.topic_id });
  const access = rows.map(({ sent_message: _, posted: __, ...rest }) => rest as unknown as A);
  return { access, message, posted: message ? rows[0]!.posted : undefined };
}

export function insertAttachments(db: DbOrTrx, rows: NewAttachmentRow[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto('attachments').values(rows).returningAll().execute();
}

/** Marks a companion message as a sibling of an earlier reply (a regeneration, issue 34). */
export async function setVariantOf(db: DbOrTrx, id: number, variantOf: number) {
  await db.updateTable('messages').set({ variant_of: variantOf }).where('id', '=', id).execute();
}

export function findMessageById(db: DbOrTrx, id: number) {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMessageByClientId(db: DbOrTrx, senderId: number, clientId: string) {
  return db.selectFrom('messages').selectAll().where('sender_id', '=', senderId).where('client_id', '=', clientId).executeTakeFirst();
}

/** The sender's public-name columns, read with the page so mapping it needs no name lookup. */
const senderColumns = [
  'sender.chat_name as sender_chat_name',
  'sender.contributor_nickname as sender_contributor_nickname',
  'sender.is_contributor as sender_is_contributor',
] as const;

/** One page: a few seq ranges of one topic, read along the (topic_id, seq) index, with the senders' names. */
const pageOfOneRange = (direction: 'asc' | 'desc') =>
  prepared((db, v: { topicId: number; lo: number; hi: number }) =>
    db
      .selectFrom('messages')
      .leftJoin('users as sender', 'sender.id', 'messages.sender_id')
      .selectAll('messages')
      .select(senderColumns)
      .where('messages.topic_id', '=', v.topicId)
      .where('messages.seq', '>', v.lo)
      .where('messages.seq', '<=', v.hi)
      .orderBy('messages.seq', direction),
  );
/** A page is one range in the common case (one pairing): prepared once per direction. */
const pageOfRange = { asc: pageOfOneRange('asc'), desc: pageOfOneRange('desc') };

export function listMessagesInRanges(db: DbOrTrx, topicId: number, ranges: readonly SeqRange[], direction: 'asc' | 'desc') {
  if (ranges.length === 0) return Promise.resolve([]);
  if (ranges.length === 1) return pageOfRange[direction](db, { topicId, lo: ranges[0]![0], hi: ranges[0]![1] });
  return db
    .selectFrom('messages')
    .leftJoin('users as sender', 'sender.id', 'messages.sender_id')
    .selectAll('messages')
    .select(senderColumns)
    .where('messages.topic_id', '=', topicId)
    .where((eb) => eb.or(ranges.map(([lo, hi]) => eb.and([eb('messages.seq', '>', lo), eb('messages.seq', '<=', hi)]))))
    .orderBy('messages.seq', direction)
    .execute();
}

/** Visible messages after a known id, oldest first: a reconnecting client resumes without gap or duplicate. */
export function listMessagesAfter(db: DbOrTrx, topicId: number, afterId: number, limit: number, ranges: readonly SeqRange[]) {
  if (ranges.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('messages')
    .leftJoin('users as sender', 'sender.id', 'messages.sender_id')
    .selectAll('messages')
    .select(senderColumns)
    .where('messages.topic_id', '=', topicId)
    .where('messages.id', '>', afterId)
    .where((eb) => eb.or(ranges.map(([lo, hi]) => eb.and([eb('messages.seq', '>', lo), eb('messages.seq', '<=', hi)]))))
    .orderBy('messages.id', 'asc')
    .limit(limit)
    .execute();
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
    .select(['messages.topic_id', 'messages.seq'])
    .where('attachments.id', '=', id)
    .executeTakeFirst();
}

export function findSenderNames(db: DbOrTrx, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'chat_name', 'contributor_nickname', 'is_contributor']).where('id', 'in', userIds).execute();
}

export async function findBalance(db: DbOrTrx, userId: number) {
  const row = await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.balance;
}

/** What `publicChatName` needs of one user. */
export const findChatNameFields = (db: DbOrTrx, userId: number) =>
  db.selectFrom('users').select(chatNameColumns).where('users.id', '=', userId).executeTakeFirstOrThrow();
