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
}

export async function loadTopicAccess(db: DbOrTrx, userId: number, topicId: number): Promise<TopicAccess> {
  const topic = await repo.findTopicById(db, topicId);
  if (!topic) throw new AppError('NOT_FOUND', texts.chat.topicNotFound);
  const participant = await repo.findParticipant(db, topicId, userId);
  return { topic, isMember: participant !== undefined && participant.left_at === null };
}

/**
 * Who may read a topic (its messages, attachments, realtime events): the owner
 * and the users in it now. Exported for the WebSocket subscriptions.
 */
export async function canReadTopic(db: DbOrTrx, userId: number, topicId: number): Promise<boolean> {
  const topic = await repo.findTopicById(db, topicId);
  if (!topic) return false;
  if (topic.user_id === userId) return true;
  const participant = await repo.findParticipant(db, topicId, userId);
  return participant !== undefined && participant.left_at === null;
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
