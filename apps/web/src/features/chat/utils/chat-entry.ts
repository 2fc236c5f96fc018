import { type Topic } from '@parley/contracts';
import { ApiError } from '../../../lib/api-client';
import { getTopic } from '../api/get-topic';
import { checkTerms, joinTopic } from '../api/topic-membership';
import type { Translate } from '../../../lib/i18n';

/**
 * Steps 1-3 of spec §4 Chat entry: fetch the topic, check the terms, be the
 * owner or join. The caller renders the outcome; step 4 (messages, live
 * updates, costs) follows a 'ready' result.
 */
export type ChatEntry =
  | { kind: 'ready'; topic: Topic; joined: boolean }
  | { kind: 'terms'; topic: Topic }
  /** A third user on a topic with two people in it: the screen shows 'Chat is full'. */
  | { kind: 'full'; topic: Topic | null; title: string | null }
  /** Missing or closed: toast the text and go to the rooms. */
  | { kind: 'gone'; message: string }
  /** The join was refused: the generic topic error handler decides what to say. */
  | { kind: 'refused'; error: unknown };

const bodyOf = (error: unknown) =>
  (error instanceof ApiError && typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<string, unknown>;

export const isInTopic = (topic: Topic, userId: number | null) =>
  topic.is_member || topic.is_owner || (userId !== null && (topic.user_id === userId || topic.guest_id === userId));

export async function enterChat(topicId: number, userId: number | null, t: Translate): Promise<ChatEntry> {
  let topic: Topic;
  try {
    topic = await getTopic(topicId);
  } catch (error) {
    const body = bodyOf(error);
    if (error instanceof ApiError && error.status === 403 && body.is_full && !body.is_closed)
      return { kind: 'full', topic: null, title: typeof body.title === 'string' ? body.title : null };
    if (error instanceof ApiError && error.status === 404) return { kind: 'gone', message: t('chat.topicNotFound') };
    if (body.is_closed) return { kind: 'gone', message: t('chat.topicClosed') };
    return { kind: 'gone', message: error instanceof ApiError ? error.message : t('chat.failedInit') };
  }
  if (topic.is_closed) return { kind: 'gone', message: t('chat.topicClosed') };
  if (!(await checkTerms(topicId))) return { kind: 'terms', topic };
  if (isInTopic(topic, userId)) return { kind: 'ready', topic, joined: false };
  if (topic.participants_count >= 2) return { kind: 'full', topic, title: topic.title };
  try {
    const response = await joinTopic(topicId);
    if (response.status !== 'OK') throw new ApiError(400, response.message ?? t('chat.unableToJoin'));
    return { kind: 'ready', topic: response.payload.topic, joined: true };
  } catch (error) {
    // Someone took the last seat between the topic fetch and the join.
    if (bodyOf(error).is_full) return { kind: 'full', topic, title: topic.title };
    return { kind: 'refused', error };
  }
}
