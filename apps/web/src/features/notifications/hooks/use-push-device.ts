import type { PushSubscriptionBody } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { addPushSubscription, notificationSettingsKey, removePushSubscription } from '../api/notification-settings';

export type PushDeviceState = 'unsupported' | 'denied' | 'on' | 'off' | 'checking';

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID public key (URL-safe base64) as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration() {
  return (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register('/sw.js');
}

/** This browser's push subscription: opt-in per device (issue 34 §3). */
export function usePushDevice(publicKey: string | null | undefined) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushDeviceState>(supported() ? 'checking' : 'unsupported');

  useEffect(() => {
    if (!supported()) return;
    if (Notification.permission === 'denied') return setState('denied');
    let cancelled = false;
    void navigator.serviceWorker
      .getRegistration('/')
      .then((reg) => reg?.pushManager.getSubscription())
      .then((subscription) => !cancelled && setState(subscription ? 'on' : 'off'))
      .catch(() => !cancelled && setState('off'));
    return () => {
      cancelled = true;
    };
  }, []);

  const turnOn = useCallback(async () => {
    if (!publicKey || !supported()) return;
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off');
    const reg = await registration();
    const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    const response = await addPushSubscription(subscription.toJSON() as PushSubscriptionBody);
    queryClient.setQueryData(notificationSettingsKey, response.payload);
    setState('on');
  }, [publicKey, queryClient]);

  const turnOff = useCallback(async () => {
    const subscription = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
    if (subscription) {
      const response = await removePushSubscription(subscription.endpoint);
      await subscription.unsubscribe();
      queryClient.setQueryData(notificationSettingsKey, response.payload);
    }
    setState('off');
  }, [queryClient]);

  return { state, turnOn, turnOff };
}
