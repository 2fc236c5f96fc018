import { sql } from 'kysely';
import { type DbOrTrx } from '../../db/database.js';
import { type PresenceRow } from './oncall.table.js';

export const findPresence = (db: DbOrTrx, userId: number) =>
  db.selectFrom('interlocutor_presence').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function upsertPresence(db: DbOrTrx, row: PresenceRow): Promise<PresenceRow> {
  const { user_id: _id, ...changes } = row;
  return db
    .insertInto('interlocutor_presence')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The app reported activity: renews Available's idle clock and cancels a pending disconnect. */
export async function touchPresence(db: DbOrTrx, userId: number, now: string) {
  await db.updateTable('interlocutor_presence').set({ active_at: now, disconnected_at: null }).where('user_id', '=', userId).execute();
}

/** The user's last socket closed (`now`) or one opened again (null). */
export async function setDisconnected(db: DbOrTrx, userId: number, at: string | null) {
  await db.updateTable('interlocutor_presence').set({ disconnected_at: at }).where('user_id', '=', userId).execute();
}

export interface AvailableWindow {
  /** Activity older than this lapsed Available (the idle setting). */
  activeSince: string;
  /** A disconnect older than this lapsed it (the grace). */
  connectedSince: string;
}

/**
 * Approved, not banned interlocutors whose Available holds now, with how many open chats they are in: those
 * with a free seat (active < limit) are "available" to payers. Few rows: the on-call interlocutors only.
 */
export function listAvailable(db: DbOrTrx, window: AvailableWindow) {
  return db
    .selectFrom('interlocutor_presence as ip')
    .innerJoin('users as u', 'u.id', 'ip.user_id')
    .select((eb) => [
      'ip.user_id',
      'ip.max_chats',
      'ip.talk_again',
      'ip.available_since',
      'u.channel_expire_at',
      eb
        .selectFrom('topic_participants as p')
        .innerJoin('topics as t', 't.id', 'p.topic_id')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('p.user_id', '=', 'ip.user_id')
        .where('p.left_at', 'is', null)
        .where('t.is_closed', '=', 0)
        .as('active_chats'),
    ])
    .where('ip.status', '=', 'available')
    .where('ip.active_at', '>=', window.activeSince)
    .where((eb) => eb.or([eb('ip.disconnected_at', 'is', null), eb('ip.disconnected_at', '>=', window.connectedSince)]))
    .where('u.is_contributor', '=', 1)
    .where('u.banned_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .orderBy('ip.available_since')
    .orderBy('ip.user_id')
    .execute();
}
export type AvailableRow = Awaited<ReturnType<typeof listAvailable>>[number];

/** Records alerts; returns the interlocutors not alerted for this topic before (the primary key decides, racing or not). */
export async function claimAlerts(db: DbOrTrx, topicId: number, userIds: number[], now: string): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .insertInto('queue_alerts')
    .values(userIds.map((userId) => ({ topic_id: topicId, user_id: userId, created_at: now })))
    .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** The waiting human topics (the live queue): public columns only, never who waits. */
export function listQueue(db: DbOrTrx, excludeOwners: number[], limit: number) {
  return db
    .selectFrom('topics')
    .leftJoin('rooms', 'rooms.id', 'topics.room_id')
    .select(['topics.id', 'topics.title', 'topics.room_id', 'rooms.title as room_title', 'topics.waiting_since', 'topics.user_id'])
    .$if(excludeOwners.length > 0, (q) => q.where('topics.user_id', 'not in', excludeOwners))
    .where('topics.chat_mode', '=', 'human')
    .where('topics.is_closed', '=', 0)
    .where('topics.participants_count', '=', 1)
    .where('topics.waiting_since', 'is not', null)
    .orderBy('topics.waiting_since')
    .orderBy('topics.id')
    .limit(limit)
    .execute();
}

/** Waiting topics ahead of this one (waiting longer, or as long with a lower id). */
export async function countWaitingAhead(db: DbOrTrx, topic: { id: number; waiting_since: string }) {
  const row = await db
    .selectFrom('topics')
    .select(sql<number>`count(*)`.as('n'))
    .where('chat_mode', '=', 'human')
    .where('is_closed', '=', 0)
    .where('participants_count', '=', 1)
    .where('waiting_since', 'is not', null)
    .where((eb) => eb.or([eb('waiting_since', '<', topic.waiting_since), eb.and([eb('waiting_since', '=', topic.waiting_since), eb('id', '<', topic.id)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertMatch(
  db: DbOrTrx,
  row: { topic_id: number; room_id: number | null; owner_id: number; partner_id: number; waited_seconds: number; hour_of_day: number; matched_at: string },
) {
  await db.insertInto('topic_matches').values(row).execute();
}

/** The most recent matches (newest first), optionally of one room and/or some hours of day. */
export function listRecentMatches(db: DbOrTrx, filter: { roomId?: number | null; hours?: number[] }, limit: number) {
  return db
    .selectFrom('topic_matches')
    .select(['waited_seconds', 'room_id', 'hour_of_day'])
    .$if(filter.roomId !== undefined, (q) => (filter.roomId === null ? q.where('room_id', 'is', null) : q.where('room_id', '=', filter.roomId!)))
    .$if(filter.hours !== undefined, (q) => q.where('hour_of_day', 'in', filter.hours!))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Each owner's last partner (their most recent match), for "talk again". */
export async function lastPartners(db: DbOrTrx, ownerIds: number[]): Promise<Map<number, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('topic_matches as m')
    .select(['m.owner_id', 'm.partner_id'])
    .where('m.owner_id', 'in', ownerIds)
    .where('m.id', '=', (eb) =>
      eb
        .selectFrom('topic_matches as l')
        .select((e) => e.fn.max('l.id').as('id'))
        .whereRef('l.owner_id', '=', 'm.owner_id'),
    )
    .execute();
  return new Map(rows.map((row) => [row.owner_id, row.partner_id]));
}
