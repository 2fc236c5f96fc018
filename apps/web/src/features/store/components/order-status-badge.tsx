import { type StoreStatus } from '@parley/contracts';

const tone: Record<StoreStatus, string> = {
  Successfully: 'success',
  Canceled: 'muted',
  Failed: 'danger',
  Pending: 'warning',
  Processing: 'info',
};

/** A store status label of spec §4 (Successfully, Canceled, Failed, Pending, Processing). */
export function OrderStatusBadge({ label }: { label: StoreStatus }) {
  return <span className={`status-badge status-badge--${tone[label] ?? 'muted'}`}>{label}</span>;
}
