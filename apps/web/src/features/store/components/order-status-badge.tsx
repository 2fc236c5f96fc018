import { type StoreStatus } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { useT } from '../../../lib/i18n';

const tone: Record<StoreStatus, string> = {
  Successfully: 'success',
  Canceled: 'muted',
  Failed: 'danger',
  Pending: 'warning',
  Processing: 'info',
  Refunded: 'muted',
  Disputed: 'danger',
};

const labelKeys: Record<StoreStatus, TextKey> = {
  Successfully: 'store.statusSuccessfully',
  Canceled: 'store.statusCanceled',
  Failed: 'store.statusFailed',
  Pending: 'store.statusPending',
  Processing: 'store.statusProcessing',
  Refunded: 'storeUi.statusRefunded',
  Disputed: 'storeUi.statusDisputed',
};

/** A store status label of spec §4 (Successfully, Canceled, Failed, Pending, Processing), plus Refunded and Disputed. */
export function OrderStatusBadge({ label }: { label: StoreStatus }) {
  const t = useT();
  const key = labelKeys[label] as TextKey | undefined;
  return <span className={`status-badge status-badge--${tone[label] ?? 'muted'}`}>{key ? t(key) : label}</span>;
}
