import { topicResponseSchema, type Topic } from '@parley/contracts';
import { api } from '../../../lib/api-client';

/** One click takes the seat: POST /topics/join, the same atomic seat rule as joining from a room. */
export async function takeSeat(topicId: number): Promise<Topic> {
  return (await api.post('/topics/join', topicResponseSchema, { topic_id: topicId })).payload.topic;
}
