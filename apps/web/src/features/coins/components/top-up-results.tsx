import '../coins.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PaymentResult } from '../../../components/ui/payment-result';
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
    <PaymentResult state="processing" title={t('topUpUi.processingTitle')}>
      <p>{t('topUpUi.pleaseWait')}</p>
      {data?.expires_at && <p className="payment-result__expiry">{t('topUpUi.unpaidExpiry', { date: formatDate(data.expires_at) })}</p>}
    </PaymentResult>
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
    <PaymentResult state="success" title={t('topUpUi.successTitle')} action={{ to: paths.account.getHref(purchasesTab), label: t('topUp.viewHistory') }}>
      <p>{t('account.pointsAdded')}</p>
      {data?.status === 'success' && <p>{t('topUpUi.coinsAdded', { coins: formatNumber(data.points) })}</p>}
    </PaymentResult>
  );
}

/** Fail page, type=topup: the error query text or the default. */
export function TopUpFail({ error }: { error: string | null }) {
  const { t, localize } = useI18n();
  return (
    <PaymentResult state="error" title={t('topUpUi.failTitle')} action={{ to: paths.account.getHref(), label: t('topUp.tryAgain') }}>
      <p className="alert alert--error" role="alert">
        {error ? localize(error) : t('topUp.paymentFailed')}
      </p>
    </PaymentResult>
  );
}
