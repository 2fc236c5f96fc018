import { type StoreStatus } from '@parley/contracts';

const tone: Record<StoreStatus, string> = {
  Successfully: 'success',
  Canceled: 'muted',
  Failed: 'danger',
  Pending: 'warning',
  Processing: 'info',
  Refunded: 'muted',
  Disputed: 'danger',
};

/** A store status label of spec §4 (Successfully, Canceled, Failed, Pending, Processing), plus Refunded and Disputed. */
export function OrderStatusBadge({ label }: { label: StoreStatus }) {
  return <span className={`status-badge status-badge--${tone[label] ?? 'muted'}`}>{label}</span>;
}
