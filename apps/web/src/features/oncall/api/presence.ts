import { presenceResponseSchema, type Presence, type UpdatePresenceBody } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** An interlocutor's availability (issue 35 §1): GET/PUT /oncall/presence, POST /oncall/activity. */
export const presenceKey = ['oncall', 'presence'] as const;

export const presenceQuery = () =>
  queryOptions({
    queryKey: presenceKey,
    queryFn: async () => (await api.get('/oncall/presence', presenceResponseSchema)).payload.presence,
  });

export const usePresence = (enabled = true) => useQuery({ ...presenceQuery(), enabled });

export async function updatePresence(body: UpdatePresenceBody): Promise<Presence> {
  const presence = (await api.put('/oncall/presence', presenceResponseSchema, body)).payload.presence;
  queryClient.setQueryData(presenceKey, presence);
  return presence;
}

/** The open app says someone is there (at most once a minute): Available holds for the idle setting from here. */
export async function reportActivity(): Promise<Presence> {
  const presence = (await api.post('/oncall/activity', presenceResponseSchema)).payload.presence;
  queryClient.setQueryData(presenceKey, presence);
  return presence;
}
