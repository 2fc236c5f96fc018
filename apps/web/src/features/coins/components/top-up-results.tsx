import '../coins.css';
import { texts } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { userQueryKey } from '../../../lib/user';
import { depositHistoryKey } from '../api/deposit-history';
import { useDepositStatus } from '../api/deposit-status';

/** The account tab with the Purchases / Payouts switch, Purchases first ('View History'). */
export const purchasesTab = 'balance';

/** Processing page, type=topup: polls the deposit every 3 s; success → success page, error → fail page. */
export function TopUpProcessing({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data, error } = useDepositStatus(orderId);

  useEffect(() => {
    const finalFailure = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (data?.status === 'success') {
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      void queryClient.invalidateQueries({ queryKey: depositHistoryKey });
      navigate(paths.successPayment.getHref({ order_id: orderId, type: 'topup' }), { replace: true });
    } else if (data?.status === 'canceled') {
      // The checkout expired unpaid: the fail page says so.
      navigate(paths.failPayment.getHref({ order_id: orderId, type: 'topup', error: data.message ?? texts.money.checkoutExpired }), { replace: true });
    } else if (data?.status === 'error' || finalFailure) {
      navigate(paths.failPayment.getHref({ order_id: orderId, type: 'topup', error: texts.topUp.paymentFailedOrCancelled }), { replace: true });
    }
  }, [data, error, orderId, navigate, queryClient]);

  return (
    <div className="container container--narrow page payment-result" role="status">
      <Spinner size="lg" />
      <h1>Processing your payment</h1>
      <p>Please wait, {texts.store.doNotClose}.</p>
      {data?.expires_at && <p className="payment-result__expiry">An unpaid checkout is canceled at {formatDate(data.expires_at)}.</p>}
    </div>
  );
}

/** Success page, type=topup. */
export function TopUpSuccess({ orderId }: { orderId: number }) {
  const queryClient = useQueryClient();
  const { data } = useDepositStatus(orderId);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    void queryClient.invalidateQueries({ queryKey: depositHistoryKey });
  }, [queryClient]);
  return (
    <div className="container container--narrow page payment-result">
      <div className="payment-result__icon payment-result__icon--success" aria-hidden="true">
        ✓
      </div>
      <h1>Top-up successful</h1>
      <p>{texts.account.pointsAdded}</p>
      {data?.status === 'success' && <p>{formatNumber(data.points)} Coins have been added to your balance.</p>}
      <div className="payment-result__actions">
        <Link to={paths.account.getHref(purchasesTab)} className={buttonClass('primary')}>
          {texts.topUp.viewHistory}
        </Link>
        <Link to={paths.home.getHref()} className={buttonClass('secondary')}>
          {texts.topUp.returnHome}
        </Link>
      </div>
    </div>
  );
}

/** Fail page, type=topup: the error query text or the default. */
export function TopUpFail({ error }: { error: string | null }) {
  return (
    <div className="container container--narrow page payment-result">
      <div className="payment-result__icon payment-result__icon--error" aria-hidden="true">
        !
      </div>
      <h1>Payment failed</h1>
      <p className="alert alert--error" role="alert">
        {error || texts.topUp.paymentFailed}
      </p>
      <div className="payment-result__actions">
        <Link to={paths.account.getHref()} className={buttonClass('primary')}>
          {texts.topUp.tryAgain}
        </Link>
        <Link to={paths.home.getHref()} className={buttonClass('secondary')}>
          {texts.topUp.returnHome}
        </Link>
      </div>
    </div>
  );
}
