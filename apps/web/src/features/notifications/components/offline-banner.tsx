import { useSyncExternalStore } from 'react';
import { useT } from '../../../lib/i18n';
import { isOffline, subscribeNetworkStatus } from '../../../lib/network-status';

/** 'You are offline' while the browser is offline or the server cannot be reached (issue 34 §3). */
export function OfflineBanner() {
  const t = useT();
  const offline = useSyncExternalStore(subscribeNetworkStatus, isOffline, () => false);
  if (!offline) return null;
  return (
    <div className="offline-banner" role="status">
      {t('push.offline')}
    </div>
  );
}
