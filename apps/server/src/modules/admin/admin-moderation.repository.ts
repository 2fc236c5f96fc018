import { type Db, type DbOrTrx } from '../../db/database.js';
import { containsInsensitive } from '../../db/dialect.js';

export interface TopicFilter {
  q?: string;
  status?: 'open' | 'closed';
  room_id?: number;
  user_id?: number;
  chat_mode?: 'human' | 'ai';
}

/** Topics with their owner and room, filtered; the caller pages and sorts. */
export function selectTopics(db: Db, filter: TopicFilter) {
  let query = db
    .selectFrom('topics')
    .innerJoin('users', 'users.id', 'topics.user_id')
    .leftJoin('rooms', 'rooms.id', 'topics.room_id')
    .select([
      'topics.id',
      'topics.title',
      'topics.room_id',
      'rooms.title as room_title',
      'topics.user_id',
      'users.email as owner_email',
      'users.name as owner_name',
      'topics.chat_mode',
      'topics.is_closed',
      'topics.participants_count',
      'topics.created_at',
      'topics.updated_at',
    ]);
  if (filter.q) {
    const q = filter.q;
    query = query.where((eb) =>
      eb.or([
        containsInsensitive(db, eb.ref('topics.title'), q),
        containsInsensitive(db, eb.ref('users.email'), q),
        ...(/^\d{1,9}$/.test(q) ? [eb('topics.id', '=', Number(q))] : []),
      ]),
    );
  }
  if (filter.status) query = query.where('topics.is_closed', '=', filter.status === 'closed' ? 1 : 0);
  if (filter.room_id) query = query.where('topics.room_id', '=', filter.room_id);
  if (filter.user_id) query = query.where('topics.user_id', '=', filter.user_id);
  if (filter.chat_mode) query = query.where('topics.chat_mode', '=', filter.chat_mode);
  return query;
}

export function findTopic(db: DbOrTrx, id: number) {
  return db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listTopicParticipants(db: DbOrTrx, topicId: number) {
  return db
    .selectFrom('topic_participants')
    .innerJoin('users', 'users.id', 'topic_participants.user_id')
    .select(['users.id', 'users.email', 'users.name', 'topic_participants.joined_at', 'topic_participants.left_at'])
    .where('topic_participants.topic_id', '=', topicId)
    .orderBy('topic_participants.id')
    .execute();
}

export function listRecentMessages(db: DbOrTrx, topicId: number, limit: number) {
  return db
    .selectFrom('messages')
    .leftJoin('users', 'users.id', 'messages.sender_id')
    .select([
      'messages.id',
      'messages.sender_id',
      'users.name as sender_name',
      'messages.sender_kind',
      'messages.content',
      'messages.cost',
      'messages.created_at',
    ])
    .where('messages.topic_id', '=', topicId)
    .orderBy('messages.id', 'desc')
    .limit(limit)
    .execute();
}

/** Closes an open topic; undefined when it was already closed. */
export function closeOpenTopic(db: DbOrTrx, id: number, now: string) {
  return db
    .updateTable('topics')
    .set({ is_closed: 1, closed_by: 'moderator', waiting_since: null, updated_at: now })
    .where('id', '=', id)
    .where('is_closed', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

export function selectReports(db: Db, filter: { q?: string; status?: 'open' | 'resolved' | 'dismissed'; type?: 'topic' | 'user' }) {
  let query = db
    .selectFrom('reports')
    .innerJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
    .leftJoin('users as reported', 'reported.id', 'reports.reported_user_id')
    .innerJoin('topics', 'topics.id', 'reports.topic_id')
    .select([
      'reports.id',
      'reports.type',
      'reports.status',
      'reports.topic_id',
      'topics.title as topic_title',
      'topics.is_closed as topic_is_closed',
      'topics.user_id as topic_owner_id',
      'reports.reporter_id',
      'reporter.email as reporter_email',
      'reports.reported_user_id',
      'reported.email as reported_email',
      'reported.banned_at as reported_banned_at',
      'reports.reason',
      'reports.details',
      'reports.snapshot',
      'reports.created_at',
      'reports.resolved_at',
      'reports.resolved_by',
    ]);
  if (filter.q) {
    const q = filter.q;
    query = query.where((eb) =>
      eb.or([
        containsInsensitive(db, eb.ref('topics.title'), q),
        containsInsensitive(db, eb.ref('reporter.email'), q),
        containsInsensitive(db, eb.ref('reported.email'), q),
      ]),
    );
  }
  if (filter.status) query = query.where('reports.status', '=', filter.status);
  if (filter.type) query = query.where('reports.type', '=', filter.type);
  return query;
}

export function findReport(db: DbOrTrx, id: number) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks an open report decided; undefined when someone else decided it first. */
export function decideOpenReport(db: DbOrTrx, id: number, status: 'resolved' | 'dismissed', now: string, adminId: number) {
  return db
    .updateTable('reports')
    .set({ status, resolved_at: now, resolved_by: adminId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}
