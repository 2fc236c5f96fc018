import { limits, topicsPageResponseSchema, type Topic } from '@parley/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface TopicsPage {
  topics: Topic[];
  /** Where the next page starts; null after the last (issue 38: the index comes in pages). */
  nextCursor: string | null;
}

/** GET /topics/index?room_id&cursor: one page of the topics of one room, or of all rooms when roomId is null. */
export async function getTopics(roomId: number | null, cursor: string | null = null): Promise<TopicsPage> {
  const response = await api.get('/topics/index', topicsPageResponseSchema, {
    query: { room_id: roomId ?? undefined, cursor: cursor ?? undefined },
    timeoutMs: limits.topicRequestTimeoutMs,
  });
  return { topics: response.payload, nextCursor: response.next_cursor ?? null };
}

/** The first page has no cursor (a function, so the type stays `string | null`). */
const firstPage = (): string | null => null;

export const topicsQuery = (roomId: number | null) =>
  infiniteQueryOptions({
    queryKey: ['topics', 'list', roomId ?? 'all'],
    queryFn: ({ pageParam }) => getTopics(roomId, pageParam),
    initialPageParam: firstPage(),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 15_000,
    // Refetching every loaded page each 15 s costs a request per page: only while one page is shown.
    refetchInterval: (query) => ((query.state.data?.pages.length ?? 1) > 1 ? false : 15_000),
  });
export const useTopics = (roomId: number | null) => useInfiniteQuery(topicsQuery(roomId));
