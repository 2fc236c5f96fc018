import type { MarkNotificationsReadBody, NotificationsPayload } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/lazy-contracts';
import { notificationsKey } from './get-notifications';

/** POST /notifications/read: the given notices, or all when `ids` is absent. */
export async function markNotificationsRead(body: MarkNotificationsReadBody) {
  const { unreadCountResponseSchema } = await loadContracts();
  return api.post('/notifications/read', unreadCountResponseSchema, body);
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (response) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationsPayload>(
        notificationsKey,
        (old) =>
          old && { ...old, unread_count: response.payload.unread_count, notifications: old.notifications.map((n) => ({ ...n, read_at: n.read_at ?? readAt })) },
      );
    },
  });
}
