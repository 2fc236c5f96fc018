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
  amountCents: number;
  currency: 'EUR';
  description: string;
  customerEmail: string;
  /** Where the browser returns: the processing page with order_id and type. */
  returnUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The gateway's id of the checkout session. */
  sessionId: string;
  redirectUrl: string;
}

export interface PaymentEvent {
  /** The gateway's event id (deliveries of one event share it). */
  eventId: string;
  kind: 'succeeded' | 'failed';
  sessionId: string;
  reference: string;
  amountCents: number;
  failureMessage?: string;
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
}
