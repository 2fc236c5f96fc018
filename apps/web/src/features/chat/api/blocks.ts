import { blockResponseSchema, blocksResponseSchema, emptyResponseSchema, type Block } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const blocksQueryKey = ['blocks'] as const;

/** GET /blocks: the people this user blocked, by the chat name they had then. */
export async function getBlocks(): Promise<Block[]> {
  return (await api.get('/blocks', blocksResponseSchema)).payload.blocks;
}
export const blocksQuery = queryOptions({ queryKey: blocksQueryKey, queryFn: getBlocks });
export const useBlocks = () => useQuery(blocksQuery);

/** POST /blocks {topic_id}: blocks the other person of this conversation. */
export const blockCounterpart = (topicId: number) => api.post('/blocks', blockResponseSchema, { topic_id: topicId });

/** DELETE /blocks/{id}. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: Block) => api.delete(`/blocks/${block.id}`, emptyResponseSchema),
    onSuccess: (_response, block) => queryClient.setQueryData<Block[]>(blocksQueryKey, (old) => old?.filter((b) => b.id !== block.id)),
  });
}
