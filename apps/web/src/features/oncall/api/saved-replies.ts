import { messageEnvelopeSchema, savedRepliesResponseSchema, savedReplyResponseSchema, type SavedReply } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** An interlocutor's saved replies (issue 35 §1): GET/POST /saved-replies, DELETE /saved-replies/{id}. */
export const savedRepliesKey = ['oncall', 'saved-replies'] as const;

export const savedRepliesQuery = () =>
  queryOptions({
    queryKey: savedRepliesKey,
    queryFn: async () => (await api.get('/saved-replies', savedRepliesResponseSchema)).payload.replies,
  });

export const useSavedReplies = (enabled = true) => useQuery({ ...savedRepliesQuery(), enabled });

export async function addSavedReply(text: string): Promise<SavedReply> {
  return (await api.post('/saved-replies', savedReplyResponseSchema, { text })).payload.reply;
}

export async function deleteSavedReply(id: number): Promise<number> {
  await api.delete(`/saved-replies/${id}`, messageEnvelopeSchema);
  return id;
}

export function useAddSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSavedReply,
    onSuccess: (reply) => queryClient.setQueryData<SavedReply[]>(savedRepliesKey, (old) => [...(old ?? []), reply]),
  });
}

export function useDeleteSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedReply,
    onSuccess: (id) => queryClient.setQueryData<SavedReply[]>(savedRepliesKey, (old) => (old ?? []).filter((reply) => reply.id !== id)),
  });
}
