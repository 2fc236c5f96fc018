import { formatEuros, type PayoutMethodsResponse } from '@parley/contracts';
import { formatDate, formatNumber } from '../../../lib/format';

/**
 * Which coins can be paid out: earned coins that have matured (available), earned coins still in the
 * holding period (pending, with the next release date), and bought or bonus coins, which are spent in
 * chat and never paid out.
 */
export function EarningsSummary({ config }: { config: PayoutMethodsResponse }) {
  const { earnings, points_convertion_rate: rate, symbol } = config;
  const worth = (coins: number) => `${formatEuros(Math.floor((coins * 100) / rate) / 100)} ${symbol}`;
  return (
    <dl className="earnings-summary" aria-label="Your coins">
      <div className="earnings-summary__item earnings-summary__item--available">
        <dt>Earned, can be paid out</dt>
        <dd data-testid="earnings-available">
          {formatNumber(earnings.available_coins)} coins <span className="muted">({worth(earnings.available_coins)})</span>
        </dd>
      </div>
      <div className="earnings-summary__item">
        <dt>Earned, pending ({earnings.hold_days} days)</dt>
        <dd data-testid="earnings-pending">
          {formatNumber(earnings.pending_coins)} coins
          {earnings.next_release_at && <span className="muted"> · next release {formatDate(earnings.next_release_at)}</span>}
        </dd>
      </div>
      <div className="earnings-summary__item">
        <dt>Bought or bonus coins (not paid out)</dt>
        <dd data-testid="earnings-other">{formatNumber(earnings.other_coins)} coins</dd>
      </div>
    </dl>
  );
}
