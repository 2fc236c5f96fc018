import { limits, type ChatMode } from '@parley/contracts';
import { api, type Envelope } from '../../../lib/api-client';

/** GET /topics/random?chat_mode → payload.topic.id: joins the oldest waiting human topic, or opens a new AI topic. */
export async function getRandomTopic(chatMode: ChatMode): Promise<number | null> {
  const response = await api.get<Envelope<{ topic?: { id?: number } } | null>>('/topics/random', {
    query: { chat_mode: chatMode },
    timeoutMs: limits.topicRequestTimeoutMs,
  });
  return response.payload?.topic?.id ?? null;
}
