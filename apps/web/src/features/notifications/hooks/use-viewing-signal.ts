import { VIEWING_RENEW_MS } from '@parley/contracts/constants';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const VIEWER_KEY = 'parley.viewer';
const SHOWN_KEY = 'parley.viewing';

/** What this tab last told the server, kept across reloads of the tab (a reload on another screen still says 'none'). */
const lastSent = {
  get: (): number | null => Number(sessionStorage.getItem(SHOWN_KEY)) || null,
  set: (topicId: number | null) => (topicId === null ? sessionStorage.removeItem(SHOWN_KEY) : sessionStorage.setItem(SHOWN_KEY, String(topicId))),
};

/** A random id per tab (sessionStorage is per tab): the server keeps one 'viewing' row per tab. */
function viewerId(): string {
  let id = sessionStorage.getItem(VIEWER_KEY);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    sessionStorage.setItem(VIEWER_KEY, id);
  }
  return id;
}

function report(topicId: number | null, renew = false) {
  if (topicId === lastSent.get() && !renew) return;
  // Remembered once the server has it: a report cut off by the page unloading is made again by the next page.
  void api
    .put('/notifications/viewing', { viewer_id: viewerId(), topic_id: topicId }, { keepalive: true })
    .then(() => lastSent.set(topicId))
    .catch(() => undefined);
}

/**
 * Tells the server which conversation this tab shows while it is visible (issue 34 §3): no push for
 * it, and its news counts as read. Hidden tab or another screen: none. Renewed while it lasts; a tab
 * that closes without saying so lapses on the server.
 */
export function useViewingSignal(enabled: boolean) {
  const { pathname } = useLocation();
  const match = matchPath(paths.topicChat.path, pathname);
  const routeTopic = match ? Number(match.params.topicId) : NaN;
  const topicId = Number.isSafeInteger(routeTopic) && routeTopic > 0 ? routeTopic : null;

  useEffect(() => {
    if (!enabled) return;
    const shown = () => (document.visibilityState === 'visible' ? topicId : null);
    report(shown());
    const onVisibility = () => report(shown());
    document.addEventListener('visibilitychange', onVisibility);
    const renew = topicId === null ? undefined : setInterval(() => shown() !== null && report(shown(), true), VIEWING_RENEW_MS);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      clearInterval(renew);
    };
  }, [enabled, topicId]);
}
