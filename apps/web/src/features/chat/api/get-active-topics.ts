import { limits, type Topic } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export interface ActiveTopics {
  topics: Topic[];
  currentCount: number;
  maxAllowed: number;
}

type ActiveResponse = Envelope<Topic[] | { data?: Topic[]; topics?: Topic[]; current_count?: number; max_allowed?: number }> & {
  current_count?: number;
  max_allowed?: number;
};

/** GET /topics/active → payload list, current_count, max_allowed (spec §3 Active chats response). */
export async function getActiveTopics(): Promise<ActiveTopics> {
  const response = await api.get<ActiveResponse>('/topics/active', { timeoutMs: limits.topicRequestTimeoutMs });
  const payload = response.payload;
  const topics = Array.isArray(payload) ? payload : (payload?.data ?? payload?.topics ?? []);
  const nested = Array.isArray(payload) ? {} : (payload ?? {});
  const currentCount = response.current_count ?? nested.current_count ?? topics.length;
  const maxAllowed = response.max_allowed ?? nested.max_allowed ?? limits.defaultActiveChatLimit;
  return { topics, currentCount, maxAllowed };
}

export const activeTopicsQueryKey = ['topics', 'active'] as const;
export const activeTopicsQuery = queryOptions({ queryKey: activeTopicsQueryKey, queryFn: getActiveTopics, staleTime: 10_000 });
export const useActiveTopics = (enabled = true) => useQuery({ ...activeTopicsQuery, enabled });
