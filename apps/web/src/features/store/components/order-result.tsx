import '../store.css';
import { limits, texts } from '@parley/contracts';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useMoneyFormatter } from '../../../lib/money';
import { useCancelOrder, useOrderStatus, type OrderStatusPayload } from '../api/orders';
import { OrderStatusBadge } from './order-status-badge';

const failHref = (orderId: number) => paths.failPayment.getHref({ order_id: orderId, type: 'payment', error: texts.topUp.storePaymentFailed });

/**
 * Order processing (type=payment on the processing page): polls the order every
 * 3 s until the gateway's answer is in, then goes to the placed or failed screen.
 * `canceled`: the buyer came back from the gateway's cancel link.
 */
export function OrderProcessing({ orderId, canceled = false }: { orderId: number; canceled?: boolean }) {
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
    <div className="container container--narrow page order-result" role="status">
      <Spinner size="lg" />
      <h1>Processing your order</h1>
      {data && <p className="order-result__number">Order {data.order.order_number}</p>}
      <p className="order-result__warning">Please wait, {texts.store.doNotClose}.</p>
      {data?.order.expires_at && <p className="order-result__expiry">An unpaid checkout is canceled at {formatDate(data.order.expires_at)}.</p>}
    </div>
  );
}

function OrderSummary({ data }: { data: OrderStatusPayload }) {
  const { order } = data;
  const money = useMoneyFormatter();
  return (
    <dl className="order-summary">
      <div>
        <dt>Order number</dt>
        <dd>{order.order_number}</dd>
      </div>
      <div>
        <dt>Item</dt>
        <dd>{order.item.name}</dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd>{money(order.charged.total_cents, order.charged.currency)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <OrderStatusBadge label={order.status_label} />
        </dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd>{formatDate(order.created_at)}</dd>
      </div>
    </dl>
  );
}

/** Success page, type=payment: the order placed screen. */
export function OrderPlaced({ orderId }: { orderId: number }) {
  const { data } = useOrderStatus(orderId, limits.depositPollMs, orderId > 0);
  return (
    <div className="container container--narrow page order-result">
      <div className="order-result__icon order-result__icon--success" aria-hidden="true">
        ✓
      </div>
      <h1>Order placed</h1>
      <p>Thank you for your purchase! Your new skin is waiting for you in chat settings.</p>
      {data && <OrderSummary data={data} />}
      <div className="order-result__actions">
        <Link to={paths.account.getHref('orders')} className={buttonClass('primary')}>
          {texts.topUp.viewOrders}
        </Link>
        <Link to={paths.home.getHref()} className={buttonClass('secondary')}>
          {texts.topUp.returnHome}
        </Link>
      </div>
    </div>
  );
}

/** Fail page, type=payment: the order payment failed screen. */
export function OrderPaymentFailed({ orderId }: { orderId: number }) {
  const { data } = useOrderStatus(orderId, limits.depositPollMs, orderId > 0);
  const retry = data ? paths.checkout.getHref(data.order.item.product_id) : paths.account.getHref();
  return (
    <div className="container container--narrow page order-result">
      <div className="order-result__icon order-result__icon--error" aria-hidden="true">
        !
      </div>
      <h1>Order payment failed</h1>
      <p className="alert alert--error" role="alert">
        {data?.order.message === texts.money.checkoutExpired ? texts.money.checkoutExpired : texts.topUp.storePaymentFailed}
      </p>
      {data?.order.message && data.order.message !== texts.money.checkoutExpired && <p className="order-result__reason">{data.order.message}</p>}
      {data && <OrderSummary data={data} />}
      <div className="order-result__actions">
        <Link to={retry} className={buttonClass('primary')}>
          {texts.topUp.tryAgain}
        </Link>
        <Link to={paths.home.getHref()} className={buttonClass('secondary')}>
          {texts.topUp.returnHome}
        </Link>
      </div>
    </div>
  );
}
