import { activeTopicsResponseSchema, notificationSettingsResponseSchema, type NotificationSettingsBody, type PushSubscriptionBody } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSettingsMutation } from '../../../lib/notification-settings';

export {
  getNotificationSettings,
  muteConversation,
  notificationSettingsKey,
  notificationSettingsQuery,
  useMuteConversation,
  useNotificationSettings,
} from '../../../lib/notification-settings';

/** PUT /notifications/settings. */
export const saveNotificationSettings = (body: NotificationSettingsBody) => api.put('/notifications/settings', notificationSettingsResponseSchema, body);
export const useSaveNotificationSettings = () => useSettingsMutation(saveNotificationSettings);

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
