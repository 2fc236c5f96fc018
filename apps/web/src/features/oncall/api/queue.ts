import { oncallLimits, queueResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The live queue (issue 35 §1): GET /oncall/queue, re-read every few seconds and on each alert. */
export const queueKey = ['oncall', 'queue'] as const;

export const queueQuery = () =>
  queryOptions({
    queryKey: queueKey,
    queryFn: async () => (await api.get('/oncall/queue', queueResponseSchema)).payload,
    refetchInterval: oncallLimits.queuePollMs,
  });

export const useQueue = () => useQuery(queueQuery());
