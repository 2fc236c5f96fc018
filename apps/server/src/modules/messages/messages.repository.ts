import { chatNameColumns } from '../users/chat-name.js';
import {
  type Compilable,
  type Expression,
  type InsertQueryBuilder,
  type OperationNodeSource,
  type QueryCreator,
  type SelectQueryBuilder,
  sql,
  type SqlBool,
  type UpdateQueryBuilder,
} from 'kysely';
import { type Database, type Db, type DbOrTrx } from '../../db/database.js';
import { composedWrite } from '../../db/dialect.js';
import { prepared } from '../../db/prepared.js';
import { announceWrite } from '../../db/write-invalidations.js';
import { type SeqRange } from '../../lib/seq-ranges.js';
import { type LedgerEntryRow } from '../ledger/ledger.table.js';
import { type AttachmentRow, type MessageRow, type NewAttachmentRow, type NewMessageRow } from './messages.table.js';

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
  return composedWrite(db, {
    oneStatement: async () => {
      const [row] = await insertAtNextSeqCte(db, m);
      if (!row) throw new Error(`topic ${message.topic_id} not found`);
      return row;
    },
    steps: async () => {
      const [next] = await takeNextSeq(db, { topicId: m.topic_id, now: m.created_at });
      if (!next) throw new Error(`topic ${message.topic_id} not found`);
      const [row] = await insertAtSeq(db, { ...m, seq: next.last_seq });
      return row!;
    },
  });
}

/** What the send's guard reads of the sender's topic access (topics.access#senderAccess: one row per user in the topic now). */
interface AccessShape {
  user_id: number;
  chat_mode: string;
  is_closed: number;
  p_user_id: number | null;
}

/** A spend's outcome as the send's statement gives it (ledger.repository#PostingOutcome). */
export type SendPosted = { balance: number | null; promo: number | null; entry: LedgerEntryRow | null };

/** The moved balance a spend returns (ledger.repository#Moved). */
type Moved = { balance: number; promo_moved: number };

/**
 * The send's parts owned by other modules, given once by messages.service: the writer rule's read of the
 * topic (topics.access#senderAccess) and the message's spend (ledger.service#postForRow's builders).
 */
export interface SendParts<A extends AccessShape, V extends object> {
  access: {
    query: (qb: QueryCreator<Database>, topicId: number) => SelectQueryBuilder<Database, 'topics', A>;
    read: (db: DbOrTrx, topicId: number) => Promise<A[]>;
  };
  spend: {
    move: (qb: QueryCreator<Database>, values: V, guard: Expression<SqlBool>) => Compilable<Moved> & OperationNodeSource;
    entry: (qb: QueryCreator<PostingTables>, values: V) => Compilable<LedgerEntryRow> & OperationNodeSource;
  };
}
type PostingTables = Database & { posted_move: Moved; posting_row: { id: number } };

/** A message's spend for one send (ledger.service#postForRow): its statement values, and SQLite's two steps. */
export interface SendCharge<V extends object> {
  values: V;
  before: (db: DbOrTrx) => Promise<Moved | undefined>;
  after: (db: DbOrTrx, rowId: number, moved: Moved) => Promise<LedgerEntryRow | undefined>;
}

type SendValues = NewMessage & { adult: number };

/**
 * The rule the send's writes are guarded by (topics.access#checkTopicSender states it for the answer): the
 * sender is in the open topic, owns it or it is a human conversation, and is an adult if it is one. When it
 * does not hold nothing is written, so the refusal the caller then finds is an outcome (issue 37 §1).
 */
const mayWrite = (v: SendValues) =>
  sql<SqlBool>`exists (select 1 from access where access.p_user_id = ${v.sender_id} and access.is_closed = 0
    and (access.user_id = ${v.sender_id} or access.chat_mode = 'human') and (access.chat_mode <> 'human' or ${v.adult} = 1))`;
const mayWriteRows = (access: AccessShape[], v: SendValues) => {
  const topic = access[0];
  return (
    topic !== undefined &&
    topic.is_closed === 0 &&
    access.some((r) => r.p_user_id === v.sender_id) &&
    (topic.user_id === v.sender_id || topic.chat_mode === 'human') &&
    (topic.chat_mode !== 'human' || v.adult === 1)
  );
};

/**
 * The send on both databases (the one place its dialect is chosen), given the parts of other modules once.
 * PostgreSQL, one statement built by Kysely and prepared once per shape (free or paid): the sender's topic
 * access (`access`), and — only where `mayWrite` holds — the spend (`posted_move`), the topic's next seq
 * (`next`, only once the spend happened), the message (`inserted`) and its ledger entry (`posted_entry`,
 * keyed by the message). SQLite, which has no data-modifying CTE: the same steps one statement each. Either
 * way the access rows come back whatever happened, the caller applies the writer rule to them, and a refusal
 * (access, adult, coins or limits) wrote nothing. Announces the topic's change.
 */
export function sendStatement<A extends AccessShape, V extends object>(parts: SendParts<A, V>) {
  const base = (db: Db, v: SendValues) => db.with('access', (qb) => parts.access.query(qb as unknown as QueryCreator<Database>, v.topic_id));
  const next = (qb: QueryCreator<Database>, v: SendValues, paid: boolean) =>
    qb
      .updateTable('topics')
      .set({ last_seq: sql<number>`last_seq + 1`, updated_at: v.created_at })
      .where('id', '=', v.topic_id)
      .where('is_closed', '=', 0)
      .where(mayWrite(v))
      .$if(paid, (q) => q.where(sql<SqlBool>`exists (select 1 from posted_move)`))
      .returning('last_seq');
  const inserted = (qb: QueryCreator<Database & { next: { last_seq: number } }>, v: SendValues) =>
    qb
      .insertInto('messages')
      .columns(['topic_id', 'sender_id', 'sender_kind', 'content', 'cost', 'look', 'client_id', 'created_at', 'seq'])
      .expression((eb) =>
        eb
          .selectFrom('next')
          .select([
            eb.cast<number>(eb.val(v.topic_id), 'integer').as('topic_id'),
            eb.cast<number | null>(eb.val(v.sender_id), 'integer').as('sender_id'),
            eb.cast<string>(eb.val(v.sender_kind), 'varchar').as('sender_kind'),
            eb.cast<string>(eb.val(v.content), 'text').as('content'),
            eb.cast<number>(eb.val(v.cost), 'integer').as('cost'),
            eb.cast<string | null>(eb.val(v.look), 'text').as('look'),
            eb.cast<string | null>(eb.val(v.client_id), 'varchar').as('client_id'),
            eb.cast<string>(eb.val(v.created_at), 'varchar').as('created_at'),
            'next.last_seq',
          ]),
      )
      .returningAll();
  const free = prepared((db, v: SendValues) =>
    base(db, v)
      .with('next', (qb) => next(qb as unknown as QueryCreator<Database>, v, false))
      .with('inserted', (qb) => inserted(qb as unknown as QueryCreator<Database & { next: { last_seq: number } }>, v))
      .selectFrom('access')
      .leftJoin('inserted', (join) => join.onTrue())
      .selectAll('access')
      .select(sql<MessageRow | null>`to_json(inserted)`.as('sent_message')),
  );
  const paid = prepared((db, v: SendValues & V) =>
    base(db, v)
      .with('posted_move', (qb) => parts.spend.move(qb as unknown as QueryCreator<Database>, v, mayWrite(v)) as unknown as UpdateReturning)
      .with('next', (qb) => next(qb as unknown as QueryCreator<Database>, v, true))
      .with('inserted', (qb) => inserted(qb as unknown as QueryCreator<Database & { next: { last_seq: number } }>, v))
      .with('posting_row', (qb) => qb.selectFrom('inserted').select('inserted.id'))
      .with('posted_entry', (qb) => parts.spend.entry(qb as unknown as QueryCreator<PostingTables>, v) as unknown as EntryReturning)
      .selectFrom('access')
      .leftJoin('inserted', (join) => join.onTrue())
      .leftJoin('posted_move', (join) => join.onTrue())
      .leftJoin('posted_entry', (join) => join.onTrue())
      .selectAll('access')
      .select([
        sql<MessageRow | null>`to_json(inserted)`.as('sent_message'),
        'posted_move.balance as posted_balance',
        'posted_move.promo_moved as posted_promo',
        sql<LedgerEntryRow | null>`to_json(posted_entry)`.as('posted_entry'),
      ]),
  );

  const storeMessage = async function storeMessage(
    db: DbOrTrx,
    m: NewMessage,
    adult: boolean,
    charge?: SendCharge<V>,
  ): Promise<{ access: A[]; message: MessageRow | undefined; posted: SendPosted | undefined }> {
    const v: SendValues = { ...columnsOf(m), adult: adult ? 1 : 0 };
    type Stored = { access: A[]; message: MessageRow | undefined; posted: SendPosted | undefined };
    return composedWrite<Stored>(db, {
      oneStatement: async () => {
        const rows = (charge ? await paid(db, { ...v, ...charge.values }) : await free(db, v)) as (A & {
          sent_message: MessageRow | null;
          posted_balance?: number | null;
          posted_promo?: number | null;
          posted_entry?: LedgerEntryRow | null;
        })[];
        const first = rows[0];
        const message = first?.sent_message ?? undefined;
        if (message) announceWrite(db, { kind: 'topic', topicId: message.topic_id });
        const access = rows.map(({ sent_message: _m, posted_balance: _b, posted_promo: _p, posted_entry: _e, ...rest }) => rest as unknown as A);
        const posted =
          charge && first ? { balance: first.posted_balance ?? null, promo: first.posted_promo ?? null, entry: first.posted_entry ?? null } : undefined;
        return { access, message, posted };
      },
      steps: async () => {
        const access = await parts.access.read(db, m.topic_id);
        if (!mayWriteRows(access, v)) return { access, message: undefined, posted: undefined };
        let moved: Moved | undefined;
        if (charge) {
          moved = await charge.before(db);
          if (!moved) return { access, message: undefined, posted: { balance: null, promo: null, entry: null } };
        }
        const message = await insertMessageAtNextSeq(db, m);
        if (!charge || !moved) return { access, message, posted: undefined };
        const entry = await charge.after(db, message.id, moved);
        return { access, message, posted: { balance: moved.balance, promo: moved.promo_moved, entry: entry ?? null } };
      },
    });
  };
  /** PostgreSQL's two shapes of the statement, for test/queries' snapshots. */
  return Object.assign(storeMessage, { statements: { free, paid } });
}

/** SQLite's send statements and PostgreSQL's seq-and-message statement, for test/queries' snapshots. */
export const sendQueries = { insertAtNextSeqCte, takeNextSeq, insertAtSeq };
type UpdateReturning = UpdateQueryBuilder<Database, 'users', 'users', Moved>;
type EntryReturning = InsertQueryBuilder<Database, 'ledger_entries', LedgerEntryRow>;

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

/** Name columns a page query may carry for its sender (senderColumns). */
interface SenderNameColumns {
  sender_chat_name?: string | null;
  sender_contributor_nickname?: string | null;
  sender_is_contributor?: number | null;
}

/** Message rows with what showing them needs: their attachments (by message) and their senders' name fields. */
export interface MessageDetails {
  rows: MessageRow[];
  attachments: Map<number, AttachmentRow[]>;
  names: { id: number; chat_name: string | null; contributor_nickname: string | null; is_contributor: number }[];
}

/**
 * Reads what showing message rows needs beside them: their attachments (one statement) and their senders' names
 * (none when the rows carry them, as the page queries' senderColumns do; else one statement).
 */
export async function readMessageDetails(db: DbOrTrx, rows: (MessageRow & SenderNameColumns)[]): Promise<MessageDetails> {
  const carried = rows.every((r) => r.sender_id === null || r.sender_is_contributor !== undefined);
  const senderIds = [...new Set(rows.flatMap((r) => (r.sender_id === null ? [] : [r.sender_id])))];
  const [attachmentRows, names] = await Promise.all([
    listAttachmentsOf(
      db,
      rows.map((r) => r.id),
    ),
    carried
      ? rows.flatMap((r) =>
          r.sender_id === null
            ? []
            : [
                {
                  id: r.sender_id,
                  chat_name: r.sender_chat_name ?? null,
                  contributor_nickname: r.sender_contributor_nickname ?? null,
                  is_contributor: r.sender_is_contributor ?? 0,
                },
              ],
        )
      : findSenderNames(db, senderIds),
  ]);
  const attachments = new Map<number, AttachmentRow[]>();
  for (const a of attachmentRows) {
    const list = attachments.get(a.message_id);
    if (list) list.push(a);
    else attachments.set(a.message_id, [a]);
  }
  return { rows, attachments, names };
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
