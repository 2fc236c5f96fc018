import { useAuth } from '../../../lib/auth';
import { useViewingSignal } from '../hooks/use-viewing-signal';
import { OfflineBanner } from './offline-banner';

/** What the app shell runs for notifications on every screen: the offline banner and the tab's 'viewing' signal. */
export function NotificationShell() {
  const { isAuthenticated } = useAuth();
  useViewingSignal(isAuthenticated);
  return <OfflineBanner />;
}
