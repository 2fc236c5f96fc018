import '../coins.css';
import { type UserProfile } from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmSpendModal } from '../../../components/ui/confirm-spend-modal';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useSettings } from '../../../lib/reference';
import { useSpendNeedsConfirm } from '../../../lib/spending';
import { useBecomeChannel } from '../api/become-channel';

/** Channel status is active while is_channel and the expiry is in the future (spec §4). */
export const isChannelActive = (user: UserProfile, now = new Date()) => user.is_channel && !!user.channel_expire_at && new Date(user.channel_expire_at) > now;

/**
 * The buy-channel-status card: asks Yes/No first when a status is active (extend), and asks to confirm the
 * spend when the price is above the user's confirmation amount (issue 33); otherwise buys at once.
 */
export function ChannelStatusCard({ user }: { user: UserProfile }) {
  const { t, locale } = useI18n();
  const { data: settings } = useSettings();
  const buy = useBecomeChannel();
  const [confirming, setConfirming] = useState(false);
  const [confirmingSpend, setConfirmingSpend] = useState(false);
  const spend = useSpendNeedsConfirm();
  const active = isChannelActive(user);
  const days = (settings?.channel_status_duration ?? 1) * 7;
  const cost = settings?.channel_status_cost ?? 0;
  const longDate = formatLongDate(user.channel_expire_at, locale);

  const purchase = () => {
    setConfirming(false);
    setConfirmingSpend(false);
    buy.mutate(undefined, {
      onSuccess: () => toast.success(t('account.channelPurchased')),
      onError: (error) => toast.error(error instanceof ApiError && error.message ? error.message : t('account.failedChannel')),
    });
  };

  return (
    <section className="card" aria-labelledby="channel-title">
      <h2 className="card__title" id="channel-title">
        {t('coinsUi.channelTitle')}
      </h2>
      <p className="channel-card__lead">{t('coinsUi.channelLead', { max: settings?.max_channel_topics ?? 5, cost: formatNumber(cost), days })}</p>
      {/* Until the settings arrive the price is unknown: a click then would buy without asking (issue 33 #13). */}
      <Button
        block
        loading={buy.isPending}
        disabled={!settings}
        onClick={() => (active ? setConfirming(true) : spend.needsConfirm(cost) ? setConfirmingSpend(true) : purchase())}
      >
        {active ? t('account.channelActiveUntil', { date: longDate }) : t('account.buyChannel', { days })}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('coinsUi.extendTitle')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('common.no')}
            </Button>
            <Button onClick={purchase}>{t('common.yes')}</Button>
          </>
        }
      >
        <p>{t('coinsUi.extendBody', { date: longDate, days, cost: formatNumber(cost) })}</p>
      </Modal>
      <ConfirmSpendModal
        open={confirmingSpend}
        coins={cost}
        balance={user.balance}
        what={t('spending.whatChannel', { days })}
        limit={spend.limit}
        busy={buy.isPending}
        onConfirm={purchase}
        onCancel={() => setConfirmingSpend(false)}
      />
    </section>
  );
}
