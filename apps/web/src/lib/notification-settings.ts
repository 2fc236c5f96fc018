import { notificationSettingsResponseSchema, type MuteConversationBody, type NotificationSettings } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The person's notification settings (issue 34 §3), shared by Account → Notifications and the chat menu's
 * Mute item: one query key, so muting in either place shows in the other.
 */
export const notificationSettingsKey = ['notifications', 'settings'] as const;

/** GET /notifications/settings: quiet hours, the digest, muted conversations, the server's push key. */
export const getNotificationSettings = async () => (await api.get('/notifications/settings', notificationSettingsResponseSchema)).payload;
export const notificationSettingsQuery = queryOptions({ queryKey: notificationSettingsKey, queryFn: getNotificationSettings });
export const useNotificationSettings = (options: { enabled?: boolean } = {}) => useQuery({ ...notificationSettingsQuery, ...options });

/** A mutation whose answer is the settings as saved: they replace the cached ones. */
export function useSettingsMutation<B>(send: (body: B) => Promise<{ payload: NotificationSettings }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (response) => queryClient.setQueryData(notificationSettingsKey, response.payload) });
}

/** PUT /notifications/mutes: one conversation muted or not. */
export const muteConversation = (body: MuteConversationBody) => api.put('/notifications/mutes', notificationSettingsResponseSchema, body);
export const useMuteConversation = () => useSettingsMutation(muteConversation);
