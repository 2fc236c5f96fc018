/**
 * A card payment gateway. Two implementations: the built-in sandbox (embedded
 * default: hosted card page served by the app, HMAC-signed webhooks) and
 * Stripe Checkout through the official SDK. Chosen once in config.
 */
export interface CheckoutRequest {
  /** Our reference, e.g. `deposit:42` or `order:7`; comes back on every webhook event. */
  reference: string;
  /** What the result pages show: `topup` for coins, `payment` for store orders. */
  resultType: 'topup' | 'payment';
  /** In `currency`: the amount the buyer was shown, VAT included. */
  amountCents: number;
  currency: string;
  description: string;
  /** The buyer's language code ('de'): the hosted page speaks it where the gateway can. */
  locale?: string;
  customerEmail: string;
  /** Where the browser returns: the processing page with order_id and type. */
  returnUrl: string;
  cancelUrl: string;
  /** The session closes unpaid at this moment (our checkout expiry). */
  expiresAt: Date;
}

export interface CheckoutSession {
  /** The gateway's id of the checkout session. */
  sessionId: string;
  redirectUrl: string;
}

export interface PaymentOutcomeEvent {
  /** The gateway's event id (deliveries of one event share it). */
  eventId: string;
  kind: 'succeeded' | 'failed';
  sessionId: string;
  reference: string;
  amountCents: number;
  failureMessage?: string;
  /** The captured payment (refunds and disputes name it); set on success. */
  paymentId?: string;
  /** What the receipt says, e.g. 'Card •••• 4242'. */
  paymentMethod?: string;
}

/** A card dispute (chargeback): opened, then won or lost. Gateways name only the payment, not our reference. */
export interface DisputeEvent {
  eventId: string;
  kind: 'dispute_opened' | 'dispute_won' | 'dispute_lost';
  disputeId: string;
  paymentId: string;
  amountCents: number;
  reason?: string;
  /** Filled in by the dispatcher from the recorded payment. */
  reference: string;
}

/**
 * Money given back on a captured payment, whoever started it (our admin, or someone in the gateway's own
 * dashboard): the refunds the event names and, when the event says it, the payment's refunded total. The
 * owner books what its records lack (refunds.service#gatewayRefundTarget), so every delivery, order and
 * race of these events takes the coins back once.
 */
export interface GatewayRefundEvent {
  eventId: string;
  kind: 'refunded';
  paymentId: string;
  /** The gateway's refunds named by the event (succeeded or on their way), each by its id. */
  refunds: { refundId: string; amountCents: number }[];
  /** The payment's refunded total, when the event carries it (Stripe's charge.refunded). */
  totalRefundedCents?: number;
  /** What the payment event log records: the total, else the sum of the named refunds. */
  amountCents: number;
  /** Filled in by the dispatcher from the recorded payment. */
  reference: string;
}

export type PaymentEvent = PaymentOutcomeEvent | DisputeEvent | GatewayRefundEvent;
export const isDisputeEvent = (event: PaymentEvent): event is DisputeEvent => event.kind.startsWith('dispute_');
export const isRefundEvent = (event: PaymentEvent): event is GatewayRefundEvent => event.kind === 'refunded';

export interface RefundRequest {
  paymentId: string;
  amountCents: number;
  currency: string;
  /** The gateway refunds once per key, however often we ask. */
  idempotencyKey: string;
  reference: string;
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** Throws AppError('GATEWAY', texts.topUp.gatewayError) when the gateway cannot be reached. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies signature and timestamp; throws AppError('BAD_REQUEST', …) for anything forged, stale or malformed.
   * Returns null for a genuine event that needs no action (e.g. a Stripe event type we do not use), which is
   * acknowledged with 200 so the gateway stops redelivering it.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent | null;
  /** Gives money back on a captured payment. Throws AppError('GATEWAY', …) when the gateway refuses or cannot be reached. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** Throws when the gateway cannot be reached or refuses our key (the admin System page's probe); absent: nothing to reach. */
  check?(timeoutMs: number): Promise<void>;
}
