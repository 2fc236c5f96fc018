import { useUser } from '../../../lib/user';
import { useActivityReport, useQueueAlerts } from '../hooks/use-oncall-signals';

/** What the app shell runs for interlocutors on every screen (issue 35 §1): activity reports and queue alerts. */
export function OncallShell() {
  const { data: user } = useUser();
  const isInterlocutor = user?.is_contributor === true;
  useActivityReport(isInterlocutor);
  useQueueAlerts(isInterlocutor);
  return null;
}
