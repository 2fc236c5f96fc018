import { texts } from '@parley/contracts';
import { type ComponentType } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths, type PaymentType } from '../../config/paths';
import { TopUpFail, TopUpProcessing, TopUpSuccess } from '../../features/coins/components/top-up-results';
import { OrderPaymentFailed, OrderPlaced, OrderProcessing } from '../../features/store/components/order-result';

/**
 * Payment result screens (spec §2): /success-payment, /fail-payment and the shared
 * /processing-payment + /pending-payment screen, all reading order_id, type and error.
 * Each payment type brings its own screens (and so its own status lookup):
 * `topup` → coins feature (deposits), `payment` → store feature (orders).
 */
interface ResultQuery {
  orderId: number;
  error: string | null;
  canceled: boolean;
}

interface PaymentResultScreens {
  Processing: ComponentType<ResultQuery>;
  Success: ComponentType<ResultQuery>;
  Fail: ComponentType<ResultQuery>;
}

const screens: Record<PaymentType, PaymentResultScreens> = {
  topup: {
    Processing: ({ orderId }) => <TopUpProcessing orderId={orderId} />,
    Success: ({ orderId }) => <TopUpSuccess orderId={orderId} />,
    Fail: ({ error }) => <TopUpFail error={error} />,
  },
  payment: {
    Processing: ({ orderId, canceled }) => <OrderProcessing orderId={orderId} canceled={canceled} />,
    Success: ({ orderId }) => <OrderPlaced orderId={orderId} />,
    Fail: ({ orderId }) => <OrderPaymentFailed orderId={orderId} />,
  },
};

function useResultQuery() {
  const [params] = useSearchParams();
  const type: PaymentType = params.get('type') === 'payment' ? 'payment' : 'topup';
  const raw = params.get('order_id');
  const orderId = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  return { type, query: { orderId, error: params.get('error'), canceled: params.get('canceled') === '1' } satisfies ResultQuery };
}

export function SuccessPaymentRoute() {
  const { type, query } = useResultQuery();
  const { Success } = screens[type];
  return <Success {...query} />;
}

export function FailPaymentRoute() {
  const { type, query } = useResultQuery();
  const { Fail } = screens[type];
  return <Fail {...query} />;
}

/** /pending-payment and /processing-payment share this screen; it polls the status by type. */
export function ProcessingPaymentRoute() {
  const { type, query } = useResultQuery();
  if (!query.orderId) return <Navigate to={paths.failPayment.getHref({ type, error: texts.topUp.transactionIdMissing })} replace />;
  const { Processing } = screens[type];
  return <Processing {...query} />;
}
