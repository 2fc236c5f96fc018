import { texts } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './topics.repository.js';
import { type TopicRow } from './topics.table.js';

/** Two people per topic: the owner and one interlocutor. */
export const MAX_PARTICIPANTS = 2;

export interface TopicAccess {
  topic: TopicRow;
  /** In the topic now: joined and not left (the owner's seat lasts until they leave, which closes it). */
  isMember: boolean;
  /** The users in the topic now, read in the same statement (the charging path credits contributors). */
  active: { user_id: number; joined_at: string; is_contributor: number }[];
}

export async function loadTopicAccess(db: DbOrTrx, userId: number, topicId: number): Promise<TopicAccess> {
  const access = await findTopicAccess(db, userId, topicId);
  if (!access) throw new AppError('NOT_FOUND', texts.chat.topicNotFound);
  return access;
}

/** The topic, the user's seat and who is in it now: one statement. */
async function findTopicAccess(db: DbOrTrx, userId: number, topicId: number): Promise<TopicAccess | undefined> {
  const rows = await repo.findTopicWithParticipants(db, topicId, userId);
  const first = rows[0];
  if (!first) return undefined;
  const { p_user_id: _u, p_left_at: _l, p_joined_at: _j, p_is_contributor: _c, ...topic } = first;
  const active = rows.flatMap((r) =>
    r.p_user_id !== null && r.p_left_at === null ? [{ user_id: r.p_user_id, joined_at: r.p_joined_at!, is_contributor: r.p_is_contributor ?? 0 }] : [],
  );
  return { topic, isMember: active.some((p) => p.user_id === userId), active };
}

/**
 * Who may read a topic (its messages, attachments, realtime events): the owner
 * and the users in it now. Exported for the WebSocket subscriptions.
 */
export async function canReadTopic(db: DbOrTrx, userId: number, topicId: number): Promise<boolean> {
  const access = await findTopicAccess(db, userId, topicId);
  return access !== undefined && (access.topic.user_id === userId || access.isMember);
}

/** The owner or a member, else 403 'You do not have permission to access this chat'. */
export async function requireTopicReader(db: DbOrTrx, userId: number, topicId: number): Promise<TopicAccess> {
  const access = await loadTopicAccess(db, userId, topicId);
  if (!access.isMember && access.topic.user_id !== userId) throw forbidden(access.topic);
  return access;
}

/** A member of an open topic; closed topics refuse writes. */
export async function requireTopicWriter(db: DbOrTrx, userId: number, topicId: number): Promise<TopicAccess> {
  const access = await loadTopicAccess(db, userId, topicId);
  if (!access.isMember) throw forbidden(access.topic);
  if (access.topic.is_closed === 1) throw await closedError(db, access.topic);
  return access;
}

/** The 403 carries what a chat screen needs to explain itself ('Chat is full'). */
export function forbidden(topic: TopicRow) {
  return new AppError('FORBIDDEN', texts.topics.noPermission, undefined, {
    topic_id: topic.id,
    participants_count: topic.participants_count,
    is_closed: topic.is_closed === 1,
    is_full: topic.participants_count >= MAX_PARTICIPANTS,
  });
}

/** 'This chat has been closed by its owner' when the owner left, else 'Topic is closed'. */
export async function closedError(db: DbOrTrx, topic: TopicRow) {
  const owner = await repo.findParticipant(db, topic.id, topic.user_id);
  const byOwner = owner !== undefined && owner.left_at !== null;
  return new AppError('CONFLICT', byOwner ? texts.topics.closedByOwner : texts.chat.topicClosed, undefined, { topic_id: topic.id, is_closed: true });
}
