import { limits, type CreateTopicBody, type Topic } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { setUserBalance } from '../utils/balance';

/** POST /topics/create {room_id, title, text_look?, color?} → payload.topic. Charges new_topic_cost. */
export async function createTopic(body: CreateTopicBody): Promise<{ topic: Topic; balance: number | null }> {
  const response = await api.post<Envelope<{ topic: Topic; balance?: number }>>('/topics/create', body, { timeoutMs: limits.topicRequestTimeoutMs });
  return { topic: response.payload.topic, balance: typeof response.payload.balance === 'number' ? response.payload.balance : null };
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopic,
    onSuccess: ({ balance }) => {
      void queryClient.invalidateQueries({ queryKey: ['topics'] });
      setUserBalance(queryClient, balance);
    },
  });
}
