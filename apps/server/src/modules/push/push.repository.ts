import { sql } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';
import { type NotificationSettingsRow } from './push.table.js';

// Subscriptions ------------------------------------------------------------------------------

/** A device subscribing again (or another account on the same browser) takes the endpoint over. */
export async function upsertSubscription(db: DbOrTrx, row: { user_id: number; endpoint: string; p256dh: string; auth: string; created_at: string }) {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, created_at: row.created_at }))
    .execute();
}

export async function deleteSubscription(db: DbOrTrx, userId: number, endpoint: string) {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

export async function deleteSubscriptionById(db: DbOrTrx, id: number) {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export const listSubscriptions = (db: DbOrTrx, userId: number) =>
  db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();

export const findSubscription = (db: DbOrTrx, id: number) => db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();

export async function countSubscriptions(db: DbOrTrx, userId: number) {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these users have at least one device subscribed. */
export async function usersWithSubscriptions(db: DbOrTrx, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('push_subscriptions').select('user_id').distinct().where('user_id', 'in', userIds).execute();
  return new Set(rows.map((r) => r.user_id));
}

export async function markSent(db: DbOrTrx, id: number, at: string) {
  await db.updateTable('push_subscriptions').set({ last_sent_at: at }).where('id', '=', id).execute();
}

// Settings and mutes ---------------------------------------------------------------------------

export const findSettings = (db: DbOrTrx, userId: number): Promise<NotificationSettingsRow | undefined> =>
  db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function saveSettings(
  db: DbOrTrx,
  row: {
    user_id: number;
    quiet_start: string | null;
    quiet_end: string | null;
    time_zone: string;
    email_digest: number;
    digest_after_minutes: number;
    updated_at: string;
  },
) {
  const { user_id: _userId, ...changes } = row;
  await db
    .insertInto('notification_settings')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}

export async function setEmailDigest(db: DbOrTrx, userId: number, on: boolean, now: string) {
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, quiet_start: null, quiet_end: null, email_digest: on ? 1 : 0, last_digest_at: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email_digest: on ? 1 : 0, updated_at: now }))
    .execute();
}

export async function listMutedTopicIds(db: DbOrTrx, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('conversation_mutes').select('topic_id').where('user_id', '=', userId).orderBy('topic_id').execute();
  return rows.map((r) => r.topic_id);
}

export async function isMuted(db: DbOrTrx, userId: number, topicId: number) {
  const row = await db.selectFrom('conversation_mutes').select('topic_id').where('user_id', '=', userId).where('topic_id', '=', topicId).executeTakeFirst();
  return row !== undefined;
}

export async function setMuted(db: DbOrTrx, userId: number, topicId: number, muted: boolean, now: string) {
  if (muted)
    await db
      .insertInto('conversation_mutes')
      .values({ user_id: userId, topic_id: topicId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'topic_id']).doNothing())
      .execute();
  else await db.deleteFrom('conversation_mutes').where('user_id', '=', userId).where('topic_id', '=', topicId).execute();
}

// Viewing and unread news ----------------------------------------------------------------------

export async function setViewing(db: DbOrTrx, row: { viewer_id: string; user_id: number; topic_id: number; until: string }) {
  await db
    .insertInto('topic_viewers')
    .values(row)
    .onConflict((oc) => oc.column('viewer_id').doUpdateSet({ user_id: row.user_id, topic_id: row.topic_id, until: row.until }))
    .execute();
}

/** Leases of tabs long gone (a crash, a closed laptop). */
export async function pruneViewers(db: DbOrTrx, before: string) {
  await db.deleteFrom('topic_viewers').where('until', '<', before).execute();
}

export async function clearViewing(db: DbOrTrx, userId: number, viewerId: string) {
  await db.deleteFrom('topic_viewers').where('viewer_id', '=', viewerId).where('user_id', '=', userId).execute();
}

/** (user, topic) pairs of these users that some tab shows now, as 'user:topic'. */
export async function listViewing(db: DbOrTrx, userIds: number[], now: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('topic_viewers').select(['user_id', 'topic_id']).where('user_id', 'in', userIds).where('until', '>', now).execute();
  return new Set(rows.map((r) => `${r.user_id}:${r.topic_id}`));
}

/** The news of a conversation its person has now seen. */
export async function clearNews(db: DbOrTrx, userId: number, topicId: number) {
  await db.deleteFrom('conversation_news').where('user_id', '=', userId).where('topic_id', '=', topicId).execute();
}

/** Marks conversations as having news since `now`, keeping an earlier start. */
export async function addNews(db: DbOrTrx, pairs: { userId: number; topicId: number }[], now: string) {
  if (pairs.length === 0) return;
  await db
    .insertInto('conversation_news')
    .values(pairs.map((p) => ({ user_id: p.userId, topic_id: p.topicId, first_at: now, mailed_at: null })))
    .onConflict((oc) => oc.columns(['user_id', 'topic_id']).doNothing())
    .execute();
}

/**
 * Users owed a digest now: a conversation unread (and not mailed about) for their delay, mails on,
 * and no digest in the last hour. The delay is per user, so the oldest unread start is compared in SQL.
 */
export async function listDigestDue(db: DbOrTrx, now: Date, limit: number) {
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
  const rows = await db
    .selectFrom('conversation_news as n')
    .leftJoin('notification_settings as s', 's.user_id', 'n.user_id')
    .select(['n.user_id', 'n.first_at', 's.digest_after_minutes'])
    .where('n.mailed_at', 'is', null)
    .where((eb) => eb.or([eb('s.user_id', 'is', null), eb('s.email_digest', '=', 1)]))
    .where((eb) => eb.or([eb('s.last_digest_at', 'is', null), eb('s.last_digest_at', '<=', hourAgo)]))
    .orderBy('n.first_at')
    .limit(limit * 20)
    .execute();
  const due = new Set<number>();
  for (const row of rows) {
    const delayMs = (row.digest_after_minutes ?? 10) * 60_000;
    if (new Date(row.first_at).getTime() + delayMs <= now.getTime()) due.add(row.user_id);
    if (due.size >= limit) break;
  }
  return [...due];
}

/**
 * Claims the user's digest for this hour: only one of two racing workers gets true. The row is
 * created with the defaults when the user never saved settings.
 */
export async function claimDigest(db: DbOrTrx, userId: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, quiet_start: null, quiet_end: null, last_digest_at: null, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const result = await db
    .updateTable('notification_settings')
    .set({ last_digest_at: at })
    .where('user_id', '=', userId)
    .where('email_digest', '=', 1)
    .where((eb) => eb.or([eb('last_digest_at', 'is', null), eb('last_digest_at', '<=', hourAgo)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every conversation of the user with news not yet mailed, with the room's name and the count of messages since. */
export async function listDigestNews(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('conversation_news as n')
    .innerJoin('topics as t', 't.id', 'n.topic_id')
    .leftJoin('rooms as r', 'r.id', 't.room_id')
    .select(['n.topic_id', 'n.first_at', 't.chat_mode', 'r.title as room_title'])
    .select((eb) =>
      eb
        .selectFrom('messages as m')
        .select((m) => m.fn.countAll<number>().as('c'))
        .whereRef('m.topic_id', '=', 'n.topic_id')
        .where('m.created_at', '>=', sql<string>`n.first_at`)
        .where((m) => m.or([m('m.sender_id', 'is', null), m('m.sender_id', '<>', userId)]))
        .as('count'),
    )
    .where('n.user_id', '=', userId)
    .where('n.mailed_at', 'is', null)
    .orderBy('n.first_at')
    .execute();
}

export async function markNewsMailed(db: DbOrTrx, userId: number, at: string) {
  await db.updateTable('conversation_news').set({ mailed_at: at }).where('user_id', '=', userId).where('mailed_at', 'is', null).execute();
}

export const findMailRecipient = (db: DbOrTrx, userId: number) =>
  db.selectFrom('users').select(['id', 'email', 'language_id']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();

// The sweep's reading of new messages and joins ----------------------------------------------

export async function readCursor(db: DbOrTrx, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('push_cursors').select('last_id').where('name', '=', name).executeTakeFirst();
  return row?.last_id;
}

/** A new installation starts after what is already there: old messages push nothing. */
export async function startCursor(db: DbOrTrx, name: string, table: 'messages' | 'topic_participants') {
  const max = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number>('id').as('m'))
    .executeTakeFirst();
  await db
    .insertInto('push_cursors')
    .values({ name, last_id: Number(max?.m ?? 0) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Moves the cursor only from where this reader found it: of two instances one wins the batch. */
export async function advanceCursor(db: DbOrTrx, name: string, from: number, to: number): Promise<boolean> {
  const result = await db.updateTable('push_cursors').set({ last_id: to }).where('name', '=', name).where('last_id', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const listMessagesAfter = (db: DbOrTrx, afterId: number, limit: number) =>
  db.selectFrom('messages').select(['id', 'topic_id', 'seq', 'sender_id', 'sender_kind']).where('id', '>', afterId).orderBy('id').limit(limit).execute();

export const listJoinsAfter = (db: DbOrTrx, afterId: number, limit: number) =>
  db
    .selectFrom('topic_participants as p')
    .innerJoin('topics as t', 't.id', 'p.topic_id')
    .select(['p.id', 'p.topic_id', 'p.user_id', 't.user_id as owner_id', 't.chat_mode'])
    .where('p.id', '>', afterId)
    .orderBy('p.id')
    .limit(limit)
    .execute();

/** Who is in these topics now, with the seq range each participation sees. */
export function listCurrentParticipants(db: DbOrTrx, topicIds: number[]) {
  return db
    .selectFrom('topic_participants')
    .select(['topic_id', 'user_id', 'from_seq', 'to_seq'])
    .where('topic_id', 'in', topicIds)
    .where('left_at', 'is', null)
    .execute();
}

export const findTopicForPush = (db: DbOrTrx, topicId: number) =>
  db
    .selectFrom('topics as t')
    .leftJoin('rooms as r', 'r.id', 't.room_id')
    .select(['t.id', 't.chat_mode', 't.user_id', 'r.title as room_title'])
    .where('t.id', '=', topicId)
    .executeTakeFirst();
