import { limits, waitInfoResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What the owner of a waiting topic is told (issue 35 §2): GET /topics/{id}/wait, asked at once and every poll. */
export const waitInfoKey = (topicId: number) => ['chat', 'wait', topicId] as const;

export const waitInfoQuery = (topicId: number) =>
  queryOptions({
    queryKey: waitInfoKey(topicId),
    queryFn: async () => (await api.get(`/topics/${topicId}/wait`, waitInfoResponseSchema)).payload.wait,
    refetchInterval: limits.messagePollMs,
  });

export const useWaitInfo = (topicId: number) => useQuery(waitInfoQuery(topicId));
