import { createTopicResponseSchema, limits, type CreateTopicBody, type Topic } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setUserBalance } from '../utils/balance';

/** POST /topics/create {room_id, title, text_look?, color?} → payload.topic and payload.balance. Charges new_topic_cost. */
export async function createTopic(body: CreateTopicBody): Promise<{ topic: Topic; balance: number }> {
  const response = await api.post('/topics/create', createTopicResponseSchema, body, { timeoutMs: limits.topicRequestTimeoutMs });
  return response.payload;
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
