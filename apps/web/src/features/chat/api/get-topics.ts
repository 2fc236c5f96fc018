import { limits, topicsResponseSchema, type Topic } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /topics/index?room_id: the topics of one room, or of all rooms when roomId is null (payload: the list). */
export async function getTopics(roomId: number | null): Promise<Topic[]> {
  const response = await api.get('/topics/index', topicsResponseSchema, {
    query: { room_id: roomId ?? undefined },
    timeoutMs: limits.topicRequestTimeoutMs,
  });
  return response.payload;
}

export const topicsQuery = (roomId: number | null) =>
  queryOptions({ queryKey: ['topics', 'list', roomId ?? 'all'], queryFn: () => getTopics(roomId), staleTime: 15_000, refetchInterval: 15_000 });
export const useTopics = (roomId: number | null) => useQuery(topicsQuery(roomId));
