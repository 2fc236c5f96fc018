import { limits, topicResponseSchema, type ChatMode } from '@parley/contracts';
import { api } from '../../../lib/api-client';

/** GET /topics/random?chat_mode → payload.topic.id: joins the oldest waiting human topic, or opens a new AI topic. */
export async function getRandomTopic(chatMode: ChatMode): Promise<number> {
  const response = await api.get('/topics/random', topicResponseSchema, {
    query: { chat_mode: chatMode },
    timeoutMs: limits.topicRequestTimeoutMs,
  });
  return response.payload.topic.id;
}
