import { limits, topicResponseSchema, type Topic } from '@parley/contracts';
import { api } from '../../../lib/api-client';

/** GET /topics/topic?topic_id (10 s timeout) → payload.topic. */
export async function getTopic(topicId: number, signal?: AbortSignal): Promise<Topic> {
  const response = await api.get('/topics/topic', topicResponseSchema, {
    query: { topic_id: topicId },
    timeoutMs: limits.topicRequestTimeoutMs,
    signal,
  });
  return response.payload.topic;
}
