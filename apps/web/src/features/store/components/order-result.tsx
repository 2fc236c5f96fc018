import '../store.css';
import { limits, texts } from '@parley/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PaymentResult, PaymentResultPending } from '../../../components/ui/payment-result';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useI18n, useT } from '../../../lib/i18n';
import { useMoneyFormatter } from '../../../lib/money';
import { useCancelOrder, useOrderStatus, type OrderStatusPayload } from '../api/orders';
import { OrderStatusBadge } from './order-status-badge';

// The fail page localizes the English text of the catalogue.
const failHref = (orderId: number) => paths.failPayment.getHref({ order_id: orderId, type: 'payment', error: texts.topUp.storePaymentFailed });

/**
 * Order processing (type=payment on the processing page): polls the order every
 * 3 s until the gateway's answer is in, then goes to the placed or failed screen.
 * `canceled`: the buyer came back from the gateway's cancel link.
 */
export function OrderProcessing({ orderId, canceled = false }: { orderId: number; canceled?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const cancelAsked = useRef(false);
  const { data, isError } = useOrderStatus(orderId, limits.depositPollMs, !canceled);

  useEffect(() => {
    if (!canceled || cancelAsked.current) return;
    cancelAsked.current = true;
    // A payment confirmed meanwhile still wins: the status decides where we go.
    cancel.mutate(orderId, {
      onSettled: (order) =>
        navigate(order?.status === 'success' ? paths.successPayment.getHref({ order_id: orderId, type: 'payment' }) : failHref(orderId), { replace: true }),
    });
  }, [canceled, cancel, orderId, navigate]);

  useEffect(() => {
    if (!data) return;
    if (data.status === 'success') navigate(paths.successPayment.getHref({ order_id: orderId, type: 'payment' }), { replace: true });
    else if (data.status === 'failed' || data.status === 'canceled') navigate(failHref(orderId), { replace: true });
  }, [data, orderId, navigate]);

  useEffect(() => {
    if (isError) navigate(failHref(orderId), { replace: true });
  }, [isError, orderId, navigate]);

  return (
    <PaymentResult state="processing" title={t('storeUi.processingTitle')}>
      {data && <p className="order-result__number">{t('storeUi.orderLine', { number: data.order.order_number })}</p>}
      <p className="order-result__warning">{t('topUpUi.pleaseWait')}</p>
      {data?.order.expires_at && <p className="payment-result__expiry">{t('topUpUi.unpaidExpiry', { date: formatDate(data.order.expires_at) })}</p>}
    </PaymentResult>
  );
}

function OrderSummary({ data }: { data: OrderStatusPayload }) {
  const { order } = data;
  const t = useT();
  const money = useMoneyFormatter();
  return (
    <dl className="order-summary">
      <div>
        <dt>{t('storeUi.orderNumber')}</dt>
        <dd>{order.order_number}</dd>
      </div>
      <div>
        <dt>{t('storeUi.item')}</dt>
        <dd>{order.item.name}</dd>
      </div>
      <div>
        <dt>{t('storeUi.total')}</dt>
        <dd>{money(order.charged.total_cents, order.charged.currency)}</dd>
      </div>
      <div>
        <dt>{t('storeUi.status')}</dt>
        <dd>
          <OrderStatusBadge label={order.status_label} charged={order.charged} />
        </dd>
      </div>
      <div>
        <dt>{t('storeUi.date')}</dt>
        <dd>{formatDate(order.created_at)}</dd>
      </div>
    </dl>
  );
}

/** Success page, type=payment: the order placed screen. */
export function OrderPlaced({ orderId }: { orderId: number }) {
  const t = useT();
  const { data, isPending, isError } = useOrderStatus(orderId, limits.depositPollMs, orderId > 0);
  // No thanks for an order that does not exist (or is not this buyer's): the lookup's 404 says so.
  const ordersAction = { to: paths.account.getHref('orders'), label: t('topUp.viewOrders') };
  if (orderId > 0 && isPending) return <PaymentResultPending />;
  if (orderId <= 0 || isError || !data) return <PaymentResult state="error" title={t('store.orderNotFound')} action={ordersAction} />;
  return (
    <PaymentResult state="success" title={t('storeUi.placedTitle')} action={ordersAction}>
      <p>{t('storeUi.placedBody')}</p>
      <OrderSummary data={data} />
    </PaymentResult>
  );
}

/** Fail page, type=payment: the order payment failed screen. */
export function OrderPaymentFailed({ orderId }: { orderId: number }) {
  const { t, localize } = useI18n();
  const { data } = useOrderStatus(orderId, limits.depositPollMs, orderId > 0);
  const reason = data?.order.message;
  // The server may store the expiry text in English or in the buyer's language.
  const expired = !!reason && (reason === texts.money.checkoutExpired || reason === t('money.checkoutExpired'));
  const retry = data ? paths.checkout.getHref(data.order.item.product_id) : paths.account.getHref();
  return (
    <PaymentResult state="error" title={t('storeUi.failedTitle')} action={{ to: retry, label: t('topUp.tryAgain') }}>
      <p className="alert alert--error" role="alert">
        {expired ? t('money.checkoutExpired') : t('topUp.storePaymentFailed')}
      </p>
      {reason && !expired && <p className="order-result__reason">{localize(reason)}</p>}
      {data && <OrderSummary data={data} />}
    </PaymentResult>
  );
}
