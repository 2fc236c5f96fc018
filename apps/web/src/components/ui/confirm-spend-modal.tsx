import { formatNumber } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmSpendModalProps {
  open: boolean;
  coins: number;
  balance: number;
  /** What the coins buy, as a sentence subject ('Channel status for 7 days'). */
  what: string;
  /** The user's confirmation amount (Account → Settings). */
  limit: number;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a coin spend above the user's own amount (issue 33): says what, how much, and why it asks. */
export function ConfirmSpendModal({ open, coins, balance, what, limit, busy, onConfirm, onCancel }: ConfirmSpendModalProps) {
  const t = useT();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={t('spending.confirmTitle', { coins: formatNumber(coins) })}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} onClick={onConfirm}>
            {t('spending.confirmSpend', { coins: formatNumber(coins) })}
          </Button>
        </>
      }
    >
      <p>{t('spending.confirmBody', { what, coins: formatNumber(coins), balance: formatNumber(balance) })}</p>
      <p className="muted">{t('spending.confirmWhy', { limit: formatNumber(limit) })}</p>
    </Modal>
  );
}
