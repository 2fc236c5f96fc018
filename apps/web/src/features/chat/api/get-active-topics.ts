import { activeTopicsResponseSchema, limits, type Topic } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ActiveTopics {
  topics: Topic[];
  currentCount: number;
  maxAllowed: number;
}

/** GET /topics/active → the list as payload, current_count and max_allowed beside it (spec §3 Active chats response). */
export async function getActiveTopics(): Promise<ActiveTopics> {
  const response = await api.get('/topics/active', activeTopicsResponseSchema, { timeoutMs: limits.topicRequestTimeoutMs });
  return { topics: response.payload, currentCount: response.current_count, maxAllowed: response.max_allowed };
}

export const activeTopicsQueryKey = ['topics', 'active'] as const;
export const activeTopicsQuery = queryOptions({ queryKey: activeTopicsQueryKey, queryFn: getActiveTopics, staleTime: 10_000 });
export const useActiveTopics = (enabled = true) => useQuery({ ...activeTopicsQuery, enabled });
