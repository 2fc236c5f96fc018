import { presenceResponseSchema, type Presence, type UpdatePresenceBody } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** An interlocutor's availability (issue 35 §1): GET/PUT /oncall/presence, POST /oncall/activity. */
export const presenceKey = ['oncall', 'presence'] as const;

export const presenceQuery = () =>
  queryOptions({
    queryKey: presenceKey,
    queryFn: async () => (await api.get('/oncall/presence', presenceResponseSchema)).payload.presence,
    retry: false,
  });

export const usePresence = (enabled = true) => useQuery({ ...presenceQuery(), enabled });

export async function updatePresence(body: UpdatePresenceBody): Promise<Presence> {
  return (await api.put('/oncall/presence', presenceResponseSchema, body)).payload.presence;
}

export function useUpdatePresence() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePresence, onSuccess: (presence) => queryClient.setQueryData(presenceKey, presence) });
}

/** The open app says someone is there (at most once a minute): Available holds for the idle setting from here. */
export async function reportActivity(): Promise<Presence> {
  return (await api.post('/oncall/activity', presenceResponseSchema)).payload.presence;
}
