import { texts } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type SeqRange } from '../../lib/seq-ranges.js';
import * as repo from './topics.repository.js';
import { type TopicRow } from './topics.table.js';

/** Two people per topic: the owner and one interlocutor. */
export const MAX_PARTICIPANTS = 2;

/** One join-to-leave interval of the viewer: it sees the messages with from_seq < seq ≤ to_seq (≤ last_seq while in). */
export interface Participation {
  from_seq: number;
  to_seq: number | null;
  left_at: string | null;
}

export interface TopicAccess {
  topic: TopicRow;
  /** In the topic now: joined and not left (the owner's seat lasts until they leave, which closes it). */
  isMember: boolean;
  /** The users in it now, read in the same statement (the charging path credits contributors). */
  active: { user_id: number; joined_at: string; is_contributor: number }[];
  /** The viewer's participation (a list: the model allows several intervals; the schema keeps one per topic). */
  participations: Participation[];
}

export async function loadTopicAccess(db: DbOrTrx, userId: number, topicId: number): Promise<TopicAccess> {
  const access = await findTopicAccess(db, userId, topicId);
  if (!access) throw new AppError('NOT_FOUND', texts.chat.topicNotFound);
  return access;
}

/** The topic, the user's participations and who is in it now: one statement. */
async function findTopicAccess(db: DbOrTrx, userId: number, topicId: number): Promise<TopicAccess | undefined> {
  const rows = await repo.findTopicWithParticipants(db, topicId, userId);
  const first = rows[0];
  if (!first) return undefined;
  const { p_id: _i, p_user_id: _u, p_left_at: _l, p_joined_at: _j, p_is_contributor: _c, p_from_seq: _f, p_to_seq: _t, ...topic } = first;
  const active = rows.flatMap((r) =>
    r.p_user_id !== null && r.p_left_at === null ? [{ user_id: r.p_user_id, joined_at: r.p_joined_at!, is_contributor: r.p_is_contributor ?? 0 }] : [],
  );
  const participations = rows.flatMap((r) => (r.p_user_id === userId ? [{ from_seq: r.p_from_seq ?? 0, to_seq: r.p_to_seq, left_at: r.p_left_at }] : []));
  return { topic, isMember: active.some((p) => p.user_id === userId), active, participations };
}

/**
 * Who may read a topic: its owner, and while it is a human conversation, the users in it now.
 * An AI conversation is private to its owner.
 */
export function mayRead(access: TopicAccess, userId: number): boolean {
  if (access.topic.user_id === userId) return true;
  return access.isMember && access.topic.chat_mode === 'human';
}

/** A topic an outsider could take a seat in: open, a human conversation, a seat free. */
export const isJoinable = (topic: TopicRow) => topic.is_closed === 0 && topic.chat_mode === 'human' && topic.participants_count < MAX_PARTICIPANTS;

/**
 * Every pairing is its own conversation: the owner reads the whole topic; anyone else reads
 * only what was written during their own participations.
 */
export function visibleRanges(access: TopicAccess, userId: number): SeqRange[] {
  const { topic } = access;
  if (topic.user_id === userId) return [[0, topic.last_seq]];
  return access.participations.map((p): SeqRange => [p.from_seq, p.to_seq ?? topic.last_seq]).filter(([lo, hi]) => hi > lo);
}

/** For the WebSocket subscriptions: the part of the topic this user may read now, or null. */
export async function readableRanges(db: DbOrTrx, userId: number, topicId: number): Promise<SeqRange[] | null> {
  const access = await findTopicAccess(db, userId, topicId);
  return access && mayRead(access, userId) ? visibleRanges(access, userId) : null;
}

/** A reader, else 403 'You do not have permission to access this chat'. */
export async function requireTopicReader(db: DbOrTrx, userId: number, topicId: number): Promise<TopicAccess> {
  const access = await loadTopicAccess(db, userId, topicId);
  if (!mayRead(access, userId)) throw forbidden(access.topic);
  return access;
}

/** A writer is in the topic now and may read it (mayRead: the owner, or a member of a human conversation); closed topics refuse writes. */
async function refuseUnlessWriter(db: DbOrTrx, topic: SenderTopic, isMember: boolean, userId: number) {
  if (!isMember || (topic.user_id !== userId && topic.chat_mode !== 'human')) throw forbidden(topic);
  if (topic.is_closed === 1) throw await closedError(db, topic);
}

/** The topic columns a send and its refusals use. */
export type SenderTopic = Pick<TopicRow, 'id' | 'user_id' | 'chat_mode' | 'companion_name' | 'is_closed' | 'title' | 'participants_count'>;

/**
 * requireTopicWriter for the send path (every message runs it): the same refusals, from one narrower
 * statement that reads the users in the topic now and no past participations.
 */
export async function requireTopicSender(db: DbOrTrx, userId: number, topicId: number): Promise<{ topic: SenderTopic; active: TopicAccess['active'] }> {
  return checkTopicSender(db, userId, await repo.findTopicForSender(db, topicId));
}

/** The rows requireTopicSender reads; on PostgreSQL the send reads them in its own statement (`senderAccess.query`). */
export type SenderAccessRow = repo.SenderAccessRow;

/** requireTopicSender's read, as a query builder (PostgreSQL: a CTE of the send's statement, messages.repository) and as run alone. */
export const senderAccess = { query: repo.senderAccessQuery, read: repo.findTopicForSender };

/** requireTopicSender's refusals over its rows, however they were read: the one place the writer rule for sends lives. */
export async function checkTopicSender(db: DbOrTrx, userId: number, rows: SenderAccessRow[]): Promise<{ topic: SenderTopic; active: TopicAccess['active'] }> {
  const first = rows[0];
  if (!first) throw new AppError('NOT_FOUND', texts.chat.topicNotFound);
  const { p_user_id: _u, p_joined_at: _j, p_is_contributor: _c, ...topic } = first;
  const active = rows.flatMap((r) =>
    r.p_user_id !== null ? [{ user_id: r.p_user_id, joined_at: r.p_joined_at!, is_contributor: r.p_is_contributor ?? 0 }] : [],
  );
  await refuseUnlessWriter(
    db,
    topic,
    active.some((p) => p.user_id === userId),
    userId,
  );
  return { topic, active };
}

/** A member of an open topic who may read it; closed topics refuse writes. */
export async function requireTopicWriter(db: DbOrTrx, userId: number, topicId: number): Promise<TopicAccess> {
  const access = await loadTopicAccess(db, userId, topicId);
  await refuseUnlessWriter(db, access.topic, access.isMember, userId);
  return access;
}

/** The 403 carries what a chat screen needs to explain itself ('Chat is full'). */
export function forbidden(topic: Pick<TopicRow, 'id' | 'chat_mode' | 'title' | 'participants_count' | 'is_closed'>) {
  return new AppError('FORBIDDEN', texts.topics.noPermission, undefined, {
    topic_id: topic.id,
    // A human topic's title is public (the topic lists show it): the full screen names the topic.
    title: topic.chat_mode === 'human' ? topic.title : null,
    participants_count: topic.participants_count,
    is_closed: topic.is_closed === 1,
    is_full: topic.participants_count >= MAX_PARTICIPANTS,
  });
}

/** Why it is closed: by a moderator, 'This chat has been closed by its owner' when the owner left, else 'Topic is closed'. */
export async function closedError(db: DbOrTrx, topic: Pick<TopicRow, 'id' | 'user_id'> & Partial<Pick<TopicRow, 'closed_by'>>) {
  if (topic.closed_by === 'moderator')
    return new AppError('CONFLICT', texts.chatSafety.closedByModerator, undefined, { topic_id: topic.id, is_closed: true, closed_by: 'moderator' });
  const owner = await repo.listParticipations(db, topic.id, topic.user_id);
  const byOwner = owner.length > 0 && owner.every((p) => p.left_at !== null);
  return new AppError('CONFLICT', byOwner ? texts.topics.closedByOwner : texts.chat.topicClosed, undefined, { topic_id: topic.id, is_closed: true });
}
