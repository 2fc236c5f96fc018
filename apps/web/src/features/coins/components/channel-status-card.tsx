import '../coins.css';
import { texts, type UserProfile } from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate, formatNumber } from '../../../lib/format';
import { useSettings } from '../../../lib/reference';
import { useBecomeChannel } from '../api/become-channel';
import { englishText } from '@parley/contracts/i18n';

/** Channel status is active while is_channel and the expiry is in the future (spec §4). */
export const isChannelActive = (user: UserProfile, now = new Date()) => user.is_channel && !!user.channel_expire_at && new Date(user.channel_expire_at) > now;

/** The buy-channel-status card: buys at once, or asks Yes/No first when a status is active. */
export function ChannelStatusCard({ user }: { user: UserProfile }) {
  const { data: settings } = useSettings();
  const buy = useBecomeChannel();
  const [confirming, setConfirming] = useState(false);
  const active = isChannelActive(user);
  const days = (settings?.channel_status_duration ?? 1) * 7;
  const cost = settings?.channel_status_cost ?? 0;

  const purchase = () => {
    setConfirming(false);
    buy.mutate(undefined, {
      onSuccess: () => toast.success(texts.account.channelPurchased),
      onError: (error) => toast.error(error instanceof ApiError && error.message ? error.message : texts.account.failedChannel),
    });
  };

  return (
    <section className="card" aria-labelledby="channel-title">
      <h2 className="card__title" id="channel-title">
        Channel status
      </h2>
      <p className="channel-card__lead">
        Highlighted topics with your own colour and text style, up to {settings?.max_channel_topics ?? 5} chats at once. {formatNumber(cost)} Coins for {days}{' '}
        days.
      </p>
      <Button block loading={buy.isPending} onClick={() => (active ? setConfirming(true) : purchase())}>
        {active ? englishText('account.channelActiveUntil', { date: formatLongDate(user.channel_expire_at) }) : englishText('account.buyChannel', { days })}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Extend channel status?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {texts.common.no}
            </Button>
            <Button onClick={purchase}>{texts.common.yes}</Button>
          </>
        }
      >
        <p>
          Your channel status is active until {formatLongDate(user.channel_expire_at)}. Buy {days} more days for {formatNumber(cost)} Coins?
        </p>
      </Modal>
    </section>
  );
}
