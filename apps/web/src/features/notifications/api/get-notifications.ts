import type { NotificationsPayload } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export const notificationsKey = ['notifications'] as const;

/** GET /notifications: the newest notices and the unread count. */
export const getNotifications = async () => (await api.get<Envelope<NotificationsPayload>>('/notifications', { query: { per_page: 20 } })).payload;

// Pushed over the WebSocket while a socket is open; the minute poll covers the rest.
export const notificationsQuery = queryOptions({ queryKey: notificationsKey, queryFn: getNotifications, staleTime: 30_000, refetchInterval: 60_000 });

export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQuery, enabled });
