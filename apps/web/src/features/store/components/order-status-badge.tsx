import { type Charged, type StoreStatus } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { useT } from '../../../lib/i18n';
import { isPartlyRefunded, useMoneyFormatter } from '../../../lib/money';

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
export function OrderStatusBadge({ label, charged }: { label: StoreStatus; charged?: Charged }) {
  const t = useT();
  const money = useMoneyFormatter();
  const key = labelKeys[label] as TextKey | undefined;
  const text =
    label === 'Refunded' && charged && isPartlyRefunded(charged)
      ? t('storeUi.statusPartlyRefunded', { amount: money(charged.refunded_cents, charged.currency) })
      : key
        ? t(key)
        : label;
  return <span className={`status-badge status-badge--${tone[label] ?? 'muted'}`}>{text}</span>;
}
