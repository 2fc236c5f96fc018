import type { NotificationsPayload } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/lazy-contracts';

export const notificationsKey = ['notifications'] as const;

/** GET /notifications: the newest notices and the unread count. */
export async function getNotifications(): Promise<NotificationsPayload> {
  const { notificationsResponseSchema } = await loadContracts();
  return (await api.get('/notifications', notificationsResponseSchema, { query: { per_page: 20 } })).payload;
}

// Pushed over the WebSocket while a socket is open; the minute poll covers the rest.
export const notificationsQuery = queryOptions({ queryKey: notificationsKey, queryFn: getNotifications, staleTime: 30_000, refetchInterval: 60_000 });

export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQuery, enabled });
