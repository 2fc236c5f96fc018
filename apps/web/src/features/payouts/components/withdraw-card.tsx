import { type UserProfile } from '@parley/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { usePayoutMethods } from '../api/get-payout-methods';
import { EarningsSummary } from './earnings-summary';
import { PayoutModal } from './payout-modal';
import '../payouts.css';

/** The account page's Withdraw button and the payout request modal behind it. */
export function WithdrawButton({ user, className }: { user: UserProfile; className?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)}>
        {t('account.withdraw')}
      </Button>
      <PayoutModal open={open} onClose={() => setOpen(false)} user={user} />
    </>
  );
}

/** Account card: the Withdraw button for everyone (non-contributors learn why they cannot yet). */
export function WithdrawCard({ user }: { user: UserProfile }) {
  const t = useT();
  const methods = usePayoutMethods(user.is_contributor);
  return (
    <section className="card withdraw-card" aria-labelledby="withdraw-title">
      <h2 className="card__title" id="withdraw-title">
        {t('payout.payoutsTab')}
      </h2>
      {!user.is_contributor && <p className="muted">{t('payout.contributorsOnly')}</p>}
      {user.is_contributor && methods.data && <EarningsSummary config={methods.data} />}
      {/* Payouts need two-factor sign-in (issue 15): say so before the form, with the way there. */}
      {user.is_contributor && !user.two_factor_enabled && (
        <p className="muted">
          <Link to={paths.account.getHref('security')}>{t('twoFactor.requiredForPayout')}</Link>
        </p>
      )}
      <WithdrawButton user={user} className="btn--block" />
    </section>
  );
}
