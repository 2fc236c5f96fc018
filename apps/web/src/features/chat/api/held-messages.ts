import { heldMessagesResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The user's own messages waiting for a moderator in a topic (issue 15): GET /messages/held. */
export const heldMessagesKey = (topicId: number) => ['chat', 'held', topicId] as const;

export const heldMessagesQuery = (topicId: number) =>
  queryOptions({
    queryKey: heldMessagesKey(topicId),
    queryFn: async () => (await api.get('/messages/held', heldMessagesResponseSchema, { query: { topic_id: topicId } })).payload.data,
    // While something waits, look again now and then: an approved one arrives as a message, a rejected one as a notice.
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? 15_000 : false),
  });

export const useHeldMessages = (topicId: number) => useQuery(heldMessagesQuery(topicId));
