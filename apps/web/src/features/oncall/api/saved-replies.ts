import { messageEnvelopeSchema, savedRepliesResponseSchema, savedReplyResponseSchema, type SavedReply } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** An interlocutor's saved replies (issue 35 §1): GET/POST /saved-replies, DELETE /saved-replies/{id}. */
export const savedRepliesKey = ['oncall', 'saved-replies'] as const;

export const savedRepliesQuery = () =>
  queryOptions({
    queryKey: savedRepliesKey,
    queryFn: async () => (await api.get('/saved-replies', savedRepliesResponseSchema)).payload.replies,
  });

export const useSavedReplies = (enabled = true) => useQuery({ ...savedRepliesQuery(), enabled });

export async function addSavedReply(text: string): Promise<SavedReply> {
  const reply = (await api.post('/saved-replies', savedReplyResponseSchema, { text })).payload.reply;
  queryClient.setQueryData<SavedReply[]>(savedRepliesKey, (old) => [...(old ?? []), reply]);
  return reply;
}

export async function deleteSavedReply(id: number): Promise<void> {
  await api.delete(`/saved-replies/${id}`, messageEnvelopeSchema);
  queryClient.setQueryData<SavedReply[]>(savedRepliesKey, (old) => (old ?? []).filter((reply) => reply.id !== id));
}
