import { limits, type Topic } from '@parley/contracts';
import { api, type Envelope } from '../../../lib/api-client';

/** GET /topics/topic?topic_id (10 s timeout). Accepts the topic as payload or payload.topic. */
export async function getTopic(topicId: number, signal?: AbortSignal): Promise<Topic> {
  const response = await api.get<Envelope<Topic | { topic: Topic }>>('/topics/topic', {
    query: { topic_id: topicId },
    timeoutMs: limits.topicRequestTimeoutMs,
    signal,
  });
  const payload = response.payload;
  return 'topic' in payload && typeof payload.topic === 'object' ? payload.topic : (payload as Topic);
}
