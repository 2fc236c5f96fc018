import { formatEuros, type PayoutMethodsResponse } from '@parley/contracts';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/**
 * Which coins can be paid out: earned coins that have matured (available), earned coins still in the
 * holding period (pending, with the next release date), and bought or bonus coins, which are spent in
 * chat and never paid out; and the share not earned because people paid with promotional coins (decision 029).
 */
export function EarningsSummary({ config }: { config: PayoutMethodsResponse }) {
  const t = useT();
  const { earnings, points_convertion_rate: rate, symbol } = config;
  const worth = (coins: number) => `${formatEuros(Math.floor((coins * 100) / rate) / 100)} ${symbol}`;
  return (
    <dl className="earnings-summary" aria-label={t('payoutUi.yourCoins')}>
      <div className="earnings-summary__item earnings-summary__item--available">
        <dt>{t('payoutUi.availableTitle')}</dt>
        <dd data-testid="earnings-available">
          {t('payoutUi.coins', { n: formatNumber(earnings.available_coins) })} <span className="muted">({worth(earnings.available_coins)})</span>
        </dd>
      </div>
      <div className="earnings-summary__item">
        <dt>{t('payoutUi.pendingTitle', { days: earnings.hold_days })}</dt>
        <dd data-testid="earnings-pending">
          {t('payoutUi.coins', { n: formatNumber(earnings.pending_coins) })}
          {earnings.next_release_at && <span className="muted"> · {t('payoutUi.nextRelease', { date: formatDate(earnings.next_release_at) })}</span>}
        </dd>
      </div>
      <div className="earnings-summary__item">
        <dt>{t('payoutUi.otherTitle')}</dt>
        <dd data-testid="earnings-other">{t('payoutUi.coins', { n: formatNumber(earnings.other_coins) })}</dd>
      </div>
      <div className="earnings-summary__item">
        <dt>{t('payoutUi.promoShareTitle')}</dt>
        <dd data-testid="earnings-promo">
          {t('payoutUi.coins', { n: formatNumber(earnings.promo_share_coins) })}
          <span className="muted"> · {t('payoutUi.promoShareHint')}</span>
        </dd>
      </div>
    </dl>
  );
}
