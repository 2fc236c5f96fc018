import { pairingResponseSchema, rateResponseSchema, tipResponseSchema, type Pairing, type RatePairingBody } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user';

/** The caller's pairing in a topic changes when someone joins or leaves, or the topic closes: those are in the key. */
export const pairingQueryKey = (topicId: number, participants: number, closed: boolean) => ['chat', topicId, 'pairing', participants, closed] as const;

/** GET /topics/{id}/pairing: the interlocutor's badge, and whether to offer rating and tipping. */
export async function getPairing(topicId: number): Promise<Pairing> {
  return (await api.get(`/topics/${topicId}/pairing`, pairingResponseSchema)).payload;
}
export const pairingQuery = (topicId: number, participants: number, closed: boolean) =>
  queryOptions({ queryKey: pairingQueryKey(topicId, participants, closed), queryFn: () => getPairing(topicId) });
export const usePairing = (topicId: number, participants: number, closed: boolean, enabled: boolean) =>
  useQuery({ ...pairingQuery(topicId, participants, closed), enabled });

/** POST /topics/{id}/rating: once per pairing and side. */
export function useRatePairing(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatePairingBody) => api.post(`/topics/${topicId}/rating`, rateResponseSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chat', topicId, 'pairing'] }),
  });
}

/** POST /topics/{id}/tips {amount, key}: the key makes a retried tip the same tip. */
export function useSendTip(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: number; key: string }) => api.post(`/topics/${topicId}/tips`, tipResponseSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}
