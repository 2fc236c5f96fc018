import { type QueryCreator, sql } from 'kysely';
import { type Database, type DbOrTrx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { type NewTopicRow } from './topics.table.js';

export function insertTopic(db: DbOrTrx, topic: NewTopicRow) {
  return db.insertInto('topics').values(topic).returningAll().executeTakeFirstOrThrow();
}

export function findTopicById(db: DbOrTrx, id: number) {
  return db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Open topics the user is in (owner or joined, not left): their active chats. */
export function listActiveTopics(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('topics')
    .innerJoin('topic_participants as p', 'p.topic_id', 'topics.id')
    .selectAll('topics')
    .where('p.user_id', '=', userId)
    .where('p.left_at', 'is', null)
    .where('topics.is_closed', '=', 0)
    .orderBy('topics.updated_at', 'desc')
    .orderBy('topics.id', 'desc')
    .execute();
}

/**
 * A topic with, in the same statement, the user's own participations (every join-to-leave
 * interval) and the users in it now (with their contributor flag): one row per such
 * participation, or one row of nulls.
 */
const topicWithParticipants = prepared((db, v: { topicId: number; userId: number }) =>
  db
    .selectFrom('topics')
    .leftJoin('topic_participants as p', (join) =>
      join.onRef('p.topic_id', '=', 'topics.id').on((eb) => eb.or([eb('p.user_id', '=', v.userId), eb('p.left_at', 'is', null)])),
    )
    .leftJoin('users as pu', 'pu.id', 'p.user_id')
    .selectAll('topics')
    .select([
      'p.id as p_id',
      'p.user_id as p_user_id',
      'p.left_at as p_left_at',
      'p.joined_at as p_joined_at',
      'p.from_seq as p_from_seq',
      'p.to_seq as p_to_seq',
      'pu.is_contributor as p_is_contributor',
    ])
    .where('topics.id', '=', v.topicId),
);

/**
 * What sending a message needs of a topic, in one statement: the few topic columns the send and its
 * refusals use, and the users in it now (with their contributor flag) — one row per such user, or one
 * row of nulls. Narrower than topicWithParticipants (no past participations, no terms texts): it runs on every send.
 */
export const senderAccessQuery = (qb: QueryCreator<Database>, topicId: number) =>
  qb
    .selectFrom('topics')
    .leftJoin('topic_participants as p', (join) => join.onRef('p.topic_id', '=', 'topics.id').on('p.left_at', 'is', null))
    .leftJoin('users as pu', 'pu.id', 'p.user_id')
    .select([
      'topics.id',
      'topics.user_id',
      'topics.chat_mode',
      'topics.companion_name',
      'topics.is_closed',
      'topics.title',
      'topics.participants_count',
      'p.user_id as p_user_id',
      'p.joined_at as p_joined_at',
      'pu.is_contributor as p_is_contributor',
    ])
    .where('topics.id', '=', topicId);

const topicForSender = prepared((db, v: { topicId: number }) => senderAccessQuery(db, v.topicId));

export type SenderAccessRow = Awaited<ReturnType<typeof topicForSender>>[number];

export const findTopicForSender = (db: DbOrTrx, topicId: number) => topicForSender(db, { topicId });

/** Ordered here, not by SQL: a sort of two rows made SQLite build a temporary b-tree on every send and poll. */
export async function findTopicWithParticipants(db: DbOrTrx, topicId: number, userId: number) {
  const rows = await topicWithParticipants(db, { topicId, userId });
  return rows.length > 1 ? rows.sort((a, b) => (a.p_id ?? 0) - (b.p_id ?? 0)) : rows;
}

/** The participation (join-to-leave interval) of a user in a topic: one row, restarted on rejoin. */
export function listParticipations(db: DbOrTrx, topicId: number, userId: number) {
  return db.selectFrom('topic_participants').selectAll().where('topic_id', '=', topicId).where('user_id', '=', userId).orderBy('id').execute();
}

/** Users in the topics now, with what the views and the charging path need. */
export function listActiveParticipants(db: DbOrTrx, topicIds: number[]) {
  if (topicIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('topic_participants as p')
    .innerJoin('users', 'users.id', 'p.user_id')
    .select(['p.topic_id', 'p.user_id', 'p.joined_at', 'users.chat_name', 'users.contributor_nickname', 'users.is_contributor'])
    .where('p.topic_id', 'in', topicIds)
    .where('p.left_at', 'is', null)
    .orderBy('p.id')
    .execute();
}

/**
 * A participation that sees what is written from now on (seq > fromSeq). Rejoining is a new
 * pairing: the user's row (one per topic) restarts, so they never see the earlier one again.
 */
export async function addParticipant(db: DbOrTrx, topicId: number, userId: number, now: string, fromSeq: number) {
  await db
    .insertInto('topic_participants')
    .values({ topic_id: topicId, user_id: userId, joined_at: now, left_at: null, from_seq: fromSeq, to_seq: null })
    .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doUpdateSet({ joined_at: now, left_at: null, from_seq: fromSeq, to_seq: null }))
    .execute();
}

/** Marks the user as gone; false when they were not in the topic (already left). */
export async function markParticipantLeft(db: DbOrTrx, topicId: number, userId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('topic_participants')
    .set((eb) => ({ left_at: now, to_seq: eb.selectFrom('topics').select('last_seq').where('topics.id', '=', topicId) }))
    .where('topic_id', '=', topicId)
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes a seat if one is free: a conditional update, so of two racing joiners
 * exactly one gets the row back. `expectedCount` pins the count the caller saw
 * (matching takes only topics with one participant).
 */
export function takeSeat(db: DbOrTrx, topicId: number, now: string, maxParticipants: number, expectedCount?: number) {
  let query = db
    .updateTable('topics')
    .set({ participants_count: sql<number>`participants_count + 1`, waiting_since: null, updated_at: now })
    .where('id', '=', topicId)
    .where('is_closed', '=', 0)
    // AI conversations are private to their owner: only human-mode topics take a partner.
    .where('chat_mode', '=', 'human')
    .where('participants_count', '<', maxParticipants);
  if (expectedCount !== undefined) query = query.where('participants_count', '=', expectedCount);
  return query.returningAll().executeTakeFirst();
}

/** Gives a seat back; closes the topic when the owner leaves, re-enters the pool when a human topic is left alone. */
export function releaseSeat(db: DbOrTrx, topicId: number, now: string, close: boolean) {
  return db
    .updateTable('topics')
    .set({
      participants_count: sql<number>`case when participants_count > 0 then participants_count - 1 else 0 end`,
      is_closed: close ? 1 : sql<number>`is_closed`,
      closed_by: close ? 'owner' : sql<'owner' | 'moderator' | null>`closed_by`,
      waiting_since: close ? null : sql<string | null>`case when chat_mode = 'human' and participants_count = 2 then ${now} else null end`,
      updated_at: now,
    })
    .where('id', '=', topicId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Human-mode topics waiting with one participant, oldest first, not the user's own. */
export function listWaitingTopics(db: DbOrTrx, excludeUserId: number, limit: number, excludeOwners: number[] = []) {
  return db
    .selectFrom('topics')
    .$if(excludeOwners.length > 0, (q) => q.where('user_id', 'not in', excludeOwners))
    .selectAll()
    .where('chat_mode', '=', 'human')
    .where('is_closed', '=', 0)
    .where('participants_count', '=', 1)
    .where('waiting_since', 'is not', null)
    .where('user_id', '<>', excludeUserId)
    .orderBy('waiting_since')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function updateChatMode(db: DbOrTrx, topicId: number, chatMode: 'human' | 'ai', now: string, persona?: { persona_id: number; companion_name: string }) {
  return db
    .updateTable('topics')
    .set({
      ...persona,
      chat_mode: chatMode,
      waiting_since: chatMode === 'human' ? sql<string | null>`case when participants_count = 1 then coalesce(waiting_since, ${now}) else null end` : null,
      updated_at: now,
    })
    .where('id', '=', topicId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function hasAcceptedTerms(db: DbOrTrx, userId: number, topicId: number) {
  const row = await db.selectFrom('terms_acceptances').select('id').where('user_id', '=', userId).where('topic_id', '=', topicId).executeTakeFirst();
  return row !== undefined;
}

export function insertTermsAcceptance(db: DbOrTrx, userId: number, topicId: number, now: string) {
  return db
    .insertInto('terms_acceptances')
    .values({ user_id: userId, topic_id: topicId, accepted_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'topic_id']).doNothing())
    .execute();
}

/**
 * Serialises a user's chat-changing transactions: a no-op write that takes the
 * user's row lock on PostgreSQL (SQLite transactions are serial already), so
 * two concurrent requests cannot both pass the active-chat limit.
 */
export function lockUser(db: DbOrTrx, userId: number) {
  return db
    .updateTable('users')
    .set({ updated_at: sql<string>`updated_at` })
    .where('id', '=', userId)
    .execute();
}

export function findRoomsByIds(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('rooms').select(['id', 'title', 'border_color', 'is_hidden']).where('id', 'in', ids).execute();
}

export function findUsersByIds(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'name', 'channel_expire_at', 'is_contributor']).where('id', 'in', ids).execute();
}
