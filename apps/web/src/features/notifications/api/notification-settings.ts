import type { MuteConversationBody, NotificationSettings, NotificationSettingsBody, PushSubscriptionBody, Topic } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export const notificationSettingsKey = ['notifications', 'settings'] as const;

/** GET /notifications/settings: quiet hours, the digest, muted conversations, the server's push key. */
export const getNotificationSettings = async () => (await api.get<Envelope<NotificationSettings>>('/notifications/settings')).payload;
export const notificationSettingsQuery = queryOptions({ queryKey: notificationSettingsKey, queryFn: getNotificationSettings });
export const useNotificationSettings = () => useQuery(notificationSettingsQuery);

function useSettingsMutation<B>(send: (body: B) => Promise<Envelope<NotificationSettings>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (response) => queryClient.setQueryData(notificationSettingsKey, response.payload) });
}

/** PUT /notifications/settings. */
export const saveNotificationSettings = (body: NotificationSettingsBody) => api.put<Envelope<NotificationSettings>>('/notifications/settings', body);
export const useSaveNotificationSettings = () => useSettingsMutation(saveNotificationSettings);

/** PUT /notifications/mutes: one conversation muted or not. */
export const muteConversation = (body: MuteConversationBody) => api.put<Envelope<NotificationSettings>>('/notifications/mutes', body);
export const useMuteConversation = () => useSettingsMutation(muteConversation);

/** POST /notifications/push-subscriptions: this browser's PushSubscription. */
export const addPushSubscription = (body: PushSubscriptionBody) => api.post<Envelope<NotificationSettings>>('/notifications/push-subscriptions', body);
/** POST /notifications/push-subscriptions/delete. */
export const removePushSubscription = (endpoint: string) => api.post<Envelope<NotificationSettings>>('/notifications/push-subscriptions/delete', { endpoint });

/** The person's own open conversations, to mute from here (GET /topics/active). */
export const getMutableConversations = async () => {
  const response = await api.get<Envelope<Topic[] | { data?: Topic[]; topics?: Topic[] }>>('/topics/active');
  const payload = response.payload;
  return Array.isArray(payload) ? payload : (payload?.data ?? payload?.topics ?? []);
};
export const useMutableConversations = () => useQuery({ queryKey: ['notifications', 'conversations'], queryFn: getMutableConversations, staleTime: 10_000 });
