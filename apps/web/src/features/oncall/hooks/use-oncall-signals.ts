import { oncallLimits } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { onPersonalEvent } from '../../../lib/personal-events';
import { presenceKey, reportActivity, usePresence } from '../api/presence';
import { queueKey } from '../api/queue';
import { playAlertSound } from './alert-sound';

/**
 * While an interlocutor is Available, the open app reports that someone is there (at most once a minute, on a
 * key, a click or the tab coming back), so the idle setting lapses it only when nobody is.
 */
export function useActivityReport(enabled: boolean) {
  const queryClient = useQueryClient();
  usePresence(enabled);
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    const onActivity = () => {
      if (document.visibilityState === 'hidden') return;
      const now = Date.now();
      if (now - last < oncallLimits.activityReportS * 1000) return;
      if (queryClient.getQueryData<{ status: string }>(presenceKey)?.status !== 'available') return;
      last = now;
      reportActivity()
        .then((presence) => queryClient.setQueryData(presenceKey, presence))
        .catch(() => undefined);
    };
    const events = ['pointerdown', 'keydown', 'visibilitychange', 'focus'] as const;
    for (const name of events) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, onActivity);
    };
  }, [enabled, queryClient]);
}

/** A new topic waits (a `queue.alert` frame, once per topic): a sound in this tab, a toast, a fresh queue. */
export function useQueueAlerts(enabled: boolean) {
  const queryClient = useQueryClient();
  const t = useT();
  useEffect(() => {
    if (!enabled) return;
    return onPersonalEvent((event) => {
      if (event.type !== 'queue.alert') return;
      playAlertSound();
      toast.info(t('oncall.newWaiting'));
      void queryClient.invalidateQueries({ queryKey: queueKey });
    });
  }, [enabled, queryClient, t]);
}
