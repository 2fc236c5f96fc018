import { useActivityReport, useQueueAlerts } from '../hooks/use-oncall-signals';

/** What the app shell runs for interlocutors on every screen (issue 35 §1): activity reports and queue alerts. */
export function OncallShell() {
  useActivityReport(true);
  useQueueAlerts(true);
  return null;
}
