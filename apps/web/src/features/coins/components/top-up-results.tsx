import '../coins.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { useI18n, useT } from '../../../lib/i18n';
import { userQueryKey } from '../../../lib/user';
import { depositHistoryKey } from '../api/deposit-history';
import { useDepositStatus } from '../api/deposit-status';

/** The account tab with the Purchases / Payouts switch, Purchases first ('View History'). */
export const purchasesTab = 'balance';

/** Processing page, type=topup: polls the deposit every 3 s; success → success page, error → fail page. */
export function TopUpProcessing({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  const { data, error } = useDepositStatus(orderId);

  useEffect(() => {
    const finalFailure = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (data?.status === 'success') {
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      void queryClient.invalidateQueries({ queryKey: depositHistoryKey });
      navigate(paths.successPayment.getHref({ order_id: orderId, type: 'topup' }), { replace: true });
    } else if (data?.status === 'canceled') {
      // The checkout expired unpaid: the fail page says so.
      navigate(paths.failPayment.getHref({ order_id: orderId, type: 'topup', error: data.message ?? t('money.checkoutExpired') }), { replace: true });
    } else if (data?.status === 'error' || finalFailure) {
      navigate(paths.failPayment.getHref({ order_id: orderId, type: 'topup', error: t('topUp.paymentFailedOrCancelled') }), { replace: true });
    }
  }, [data, error, orderId, navigate, queryClient, t]);

  return (
    <div className="container container--narrow page payment-result" role="status">
      <Spinner size="lg" />
      <h1>{t('topUpUi.processingTitle')}</h1>
      <p>{t('topUpUi.pleaseWait')}</p>
      {data?.expires_at && <p className="payment-result__expiry">{t('topUpUi.unpaidExpiry', { date: formatDate(data.expires_at) })}</p>}
    </div>
  );
}

/** Success page, type=topup. */
export function TopUpSuccess({ orderId }: { orderId: number }) {
  const queryClient = useQueryClient();
  const t = useT();
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
      <h1>{t('topUpUi.successTitle')}</h1>
      <p>{t('account.pointsAdded')}</p>
      {data?.status === 'success' && <p>{t('topUpUi.coinsAdded', { coins: formatNumber(data.points) })}</p>}
      <div className="payment-result__actions">
        <Link to={paths.account.getHref(purchasesTab)} className={buttonClass('primary')}>
          {t('topUp.viewHistory')}
        </Link>
        <Link to={paths.home.getHref()} className={buttonClass('secondary')}>
          {t('topUp.returnHome')}
        </Link>
      </div>
    </div>
  );
}

/** Fail page, type=topup: the error query text or the default. */
export function TopUpFail({ error }: { error: string | null }) {
  const { t, localize } = useI18n();
  return (
    <div className="container container--narrow page payment-result">
      <div className="payment-result__icon payment-result__icon--error" aria-hidden="true">
        !
      </div>
      <h1>{t('topUpUi.failTitle')}</h1>
      <p className="alert alert--error" role="alert">
        {error ? localize(error) : t('topUp.paymentFailed')}
      </p>
      <div className="payment-result__actions">
        <Link to={paths.account.getHref()} className={buttonClass('primary')}>
          {t('topUp.tryAgain')}
        </Link>
        <Link to={paths.home.getHref()} className={buttonClass('secondary')}>
          {t('topUp.returnHome')}
        </Link>
      </div>
    </div>
  );
}
