import {
  activeTopicsResponseSchema,
  notificationSettingsResponseSchema,
  type MuteConversationBody,
  type NotificationSettings,
  type NotificationSettingsBody,
  type PushSubscriptionBody,
} from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationSettingsKey = ['notifications', 'settings'] as const;

/** GET /notifications/settings: quiet hours, the digest, muted conversations, the server's push key. */
export const getNotificationSettings = async () => (await api.get('/notifications/settings', notificationSettingsResponseSchema)).payload;
export const notificationSettingsQuery = queryOptions({ queryKey: notificationSettingsKey, queryFn: getNotificationSettings });
export const useNotificationSettings = () => useQuery(notificationSettingsQuery);

function useSettingsMutation<B>(send: (body: B) => Promise<{ payload: NotificationSettings }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (response) => queryClient.setQueryData(notificationSettingsKey, response.payload) });
}

/** PUT /notifications/settings. */
export const saveNotificationSettings = (body: NotificationSettingsBody) => api.put('/notifications/settings', notificationSettingsResponseSchema, body);
export const useSaveNotificationSettings = () => useSettingsMutation(saveNotificationSettings);

/** PUT /notifications/mutes: one conversation muted or not. */
export const muteConversation = (body: MuteConversationBody) => api.put('/notifications/mutes', notificationSettingsResponseSchema, body);
export const useMuteConversation = () => useSettingsMutation(muteConversation);

/** POST /notifications/push-subscriptions: this browser's PushSubscription. */
export const addPushSubscription = (body: PushSubscriptionBody) => api.post('/notifications/push-subscriptions', notificationSettingsResponseSchema, body);
/** POST /notifications/push-subscriptions/delete. */
export const removePushSubscription = (endpoint: string) =>
  api.post('/notifications/push-subscriptions/delete', notificationSettingsResponseSchema, { endpoint });

/** The person's own open conversations, to mute from here (GET /topics/active). */
export const getMutableConversations = async () => {
  return (await api.get('/topics/active', activeTopicsResponseSchema)).payload;
};
export const useMutableConversations = () => useQuery({ queryKey: ['notifications', 'conversations'], queryFn: getMutableConversations, staleTime: 10_000 });
