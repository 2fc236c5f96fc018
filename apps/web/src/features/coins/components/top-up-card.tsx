import '../coins.css';
import { texts, type UserProfile } from '@parley/contracts';
import { Button } from '../../../components/ui/button';
import { SpendingLeft } from '../../../components/ui/spending-left';
import { formatCoins } from '../../../lib/format';
import { topUpModal } from '../utils/top-up-store';
import { TopUpModal } from './top-up-modal';

/** Balance with the Top Up button; renders the one Top Up modal of the page. */
export function TopUpCard({ user }: { user: UserProfile }) {
  return (
    <section className="card" aria-labelledby="coins-title">
      <h2 className="card__title" id="coins-title">
        Balance
      </h2>
      <div className="coins-balance">
        <p className="coins-balance__value" data-testid="coins-balance">
          {formatCoins(user.balance)}
        </p>
        <div className="coins-balance__actions">
          <Button onClick={() => topUpModal.open()}>{texts.account.topUp}</Button>
        </div>
      </div>
      <SpendingLeft />
      <TopUpModal user={user} />
    </section>
  );
}
