import '../coins.css';
import { type UserProfile } from '@parley/contracts';
import { Button } from '../../../components/ui/button';
import { SpendingLeft } from '../../../components/ui/spending-left';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { topUpModal } from '../utils/top-up-store';
import { TopUpModal } from './top-up-modal';

/** Balance with the Top Up button; renders the one Top Up modal of the page. */
export function TopUpCard({ user }: { user: UserProfile }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="coins-title">
      <h2 className="card__title" id="coins-title">
        {t('coinsUi.balance')}
      </h2>
      <div className="coins-balance">
        <p className="coins-balance__value" data-testid="coins-balance">
          {t('coinsUi.coinCount', { n: user.balance, nText: formatNumber(user.balance) })}
        </p>
        <div className="coins-balance__actions">
          <Button onClick={() => topUpModal.open()}>{t('account.topUp')}</Button>
        </div>
      </div>
      <SpendingLeft />
      <TopUpModal user={user} />
    </section>
  );
}
