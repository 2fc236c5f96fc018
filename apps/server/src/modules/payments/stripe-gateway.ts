import { texts } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type CheckoutRequest, type CheckoutSession, type PaymentEvent, type PaymentGateway, type RefundRequest } from './gateway.js';
import { WEBHOOK_TOLERANCE_S, webhookErrors } from './webhook-signature.js';

/** The languages Stripe's hosted checkout speaks (a code it lacks would fail the session). */
const stripeLocales = new Set([
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'vi',
  'zh',
]);
const stripeLocale = (code: string | undefined) => (code && stripeLocales.has(code) ? code : 'auto') as Stripe.Checkout.SessionCreateParams.Locale;

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. `http://127.0.0.1:12111` for a local fake; unset = api.stripe.com. */
  apiBase?: string;
  clock: Clock;
  log: FastifyBaseLogger;
}

function connectionOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe Checkout through the official SDK; webhooks verified with the SDK's signature check. */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 1, timeout: 20_000, telemetry: false, ...connectionOptions(options.apiBase) });

  async function createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountCents, product_data: { name: request.description } },
            },
          ],
          customer_email: request.customerEmail,
          // Stripe's hosted page in the buyer's language ('auto': the browser's, for a code Stripe lacks).
          locale: stripeLocale(request.locale),
          client_reference_id: request.reference,
          metadata: { reference: request.reference, result_type: request.resultType },
          payment_intent_data: { metadata: { reference: request.reference } },
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          expires_at: stripeExpiry(request.expiresAt, options.clock.now()),
        },
        // One reference, one session, however often our side retries.
        { idempotencyKey: `checkout:${request.reference}` },
      );
    } catch (error) {
      options.log.error({ err: error }, 'stripe: could not create a checkout session');
      throw new AppError('GATEWAY', texts.topUp.gatewayError);
    }
    if (!session.url) throw new AppError('GATEWAY', texts.topUp.gatewayError);
    return { sessionId: session.id, redirectUrl: session.url };
  }

  function parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent | null {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || !signature) throw new AppError('BAD_REQUEST', webhookErrors.missingSignature);
    let event: unknown;
    const nowMs = options.clock.now().getTime();
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_S, undefined, nowMs);
    } catch (error) {
      if (error instanceof SyntaxError) throw new AppError('BAD_REQUEST', webhookErrors.malformed);
      const message = error instanceof Error && /timestamp/i.test(error.message) ? webhookErrors.staleTimestamp : webhookErrors.badSignature;
      throw new AppError('BAD_REQUEST', message);
    }
    // The SDK refuses old timestamps only: a signature dated ahead of our clock is refused as well.
    if (signedAtS(signature) - Math.floor(nowMs / 1000) > WEBHOOK_TOLERANCE_S) throw new AppError('BAD_REQUEST', webhookErrors.staleTimestamp);
    // Correctly signed is not the same as well formed: anything but an event is the sender's mistake (400).
    if (!stripeEventSchema.safeParse(event).success) throw new AppError('BAD_REQUEST', webhookErrors.malformed);
    const stripeEvent = event as Stripe.Event;
    const refund = stripeEvent.data.object as Partial<Stripe.Refund>;
    if (refund.object === 'refund' && (refund.status === 'failed' || refund.status === 'canceled')) {
      // If it was counted while pending, its coins were taken back already: an operator settles it by hand.
      options.log.warn({ refundId: refund.id, status: refund.status }, 'stripe: a refund failed or was canceled at Stripe');
    }
    return toPaymentEvent(stripeEvent);
  }

  async function refund(request: RefundRequest): Promise<{ refundId: string }> {
    try {
      const created = await stripe.refunds.create(
        { payment_intent: request.paymentId, amount: request.amountCents, metadata: { reference: request.reference } },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundId: created.id };
    } catch (error) {
      options.log.error({ err: error, reference: request.reference }, 'stripe: refund failed');
      throw new AppError('GATEWAY', texts.money.refundGatewayError);
    }
  }

  /** Reachable with a valid key: a key restricted away from the balance (a permission error) still counts. */
  async function check(timeoutMs: number) {
    try {
      await stripe.balance.retrieve(undefined, { timeout: timeoutMs, maxNetworkRetries: 0 });
    } catch (error) {
      if (error instanceof Stripe.errors.StripePermissionError) return;
      throw error;
    }
  }

  return { name: 'stripe', createCheckout, parseWebhook, refund, check };
}

/** Stripe accepts a session expiry between 30 minutes and 24 hours from now. */
function stripeExpiry(expiresAt: Date, now: Date): number {
  const min = now.getTime() + 31 * 60_000;
  const max = now.getTime() + 23.9 * 3600_000;
  return Math.floor(Math.min(max, Math.max(min, expiresAt.getTime())) / 1000);
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? undefined));

/** The signing time of a `t=…,v1=…` header (the SDK has verified it already). */
function signedAtS(header: string): number {
  const t = header.split(',').find((part) => part.startsWith('t='));
  return t ? Number(t.slice(2)) : 0;
}

/** The envelope every Stripe event has; the object's own fields are checked where they are read. */
const stripeEventSchema = z.object({ id: z.string().min(1), type: z.string().min(1), data: z.object({ object: z.record(z.string(), z.unknown()) }) });

/** A refund counts once it succeeded or is on its way; a failed or canceled one gave nothing back. */
const REFUND_GIVES_MONEY = new Set(['succeeded', 'pending']);

const paymentOf = (object: { payment_intent?: string | { id: string } | null; charge?: string | { id: string } | null; id?: string }) => {
  const paymentId = idOf(object.payment_intent) ?? idOf(object.charge);
  if (!paymentId) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  return paymentId;
};

/**
 * Refunds however they were started (our admin, or Stripe's dashboard): `charge.refunded` carries the charge's
 * refunded total (and its refunds, where the API version lists them); `refund.created`, `refund.updated` and
 * `charge.refund.updated` carry one refund. The payment is named by its PaymentIntent.
 */
function toRefundEvent(event: Stripe.Event): PaymentEvent | null {
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    const listed = Array.isArray(charge.refunds?.data) ? charge.refunds.data : [];
    const refunds = listed.filter((r) => REFUND_GIVES_MONEY.has(r.status ?? '')).map((r) => ({ refundId: r.id, amountCents: r.amount }));
    const total = typeof charge.amount_refunded === 'number' ? charge.amount_refunded : undefined;
    const paymentId = idOf(charge.payment_intent) ?? charge.id;
    return { eventId: event.id, kind: 'refunded', paymentId, refunds, totalRefundedCents: total, amountCents: total ?? 0, reference: '' };
  }
  const refund = event.data.object as Stripe.Refund;
  if (typeof refund.id !== 'string' || typeof refund.amount !== 'number') throw new AppError('BAD_REQUEST', webhookErrors.malformed);
  if (!REFUND_GIVES_MONEY.has(refund.status ?? '')) return null;
  const refunds = [{ refundId: refund.id, amountCents: refund.amount }];
  return { eventId: event.id, kind: 'refunded', paymentId: paymentOf(refund), refunds, amountCents: refund.amount, reference: '' };
}

const REFUND_EVENTS = new Set(['charge.refunded', 'charge.refund.updated', 'refund.created', 'refund.updated']);

/** charge.dispute.* → our dispute events; the payment is named by its PaymentIntent. */
function toDisputeEvent(event: Stripe.Event): PaymentEvent | null {
  const dispute = event.data.object as Stripe.Dispute;
  const paymentId = idOf(dispute.payment_intent) ?? idOf(dispute.charge);
  if (!paymentId) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  const base = { eventId: event.id, disputeId: dispute.id, paymentId, amountCents: dispute.amount, reason: dispute.reason, reference: '' };
  if (event.type === 'charge.dispute.created') return { ...base, kind: 'dispute_opened' };
  if (event.type !== 'charge.dispute.closed') return null;
  return { ...base, kind: dispute.status === 'lost' ? 'dispute_lost' : 'dispute_won' };
}

const failureMessages: Record<string, string> = {
  'checkout.session.async_payment_failed': texts.topUp.paymentFailed,
  'checkout.session.expired': texts.topUp.paymentFailedOrCancelled,
};

/** Checkout session events → our events; anything else is acknowledged and ignored. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  if (event.type.startsWith('charge.dispute.')) return toDisputeEvent(event);
  if (REFUND_EVENTS.has(event.type)) return toRefundEvent(event);
  if (!event.type.startsWith('checkout.session.')) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const reference = session.client_reference_id ?? session.metadata?.reference;
  if (!reference) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  const base = { eventId: event.id, sessionId: session.id, reference, amountCents: session.amount_total ?? 0 };
  const paid = { ...base, kind: 'succeeded' as const, paymentId: idOf(session.payment_intent), paymentMethod: 'Card (Stripe)' };
  switch (event.type) {
    case 'checkout.session.completed':
      // Delayed methods (SEPA…) complete unpaid and confirm later with async_payment_succeeded.
      return session.payment_status === 'paid' || session.payment_status === 'no_payment_required' ? paid : null;
    case 'checkout.session.async_payment_succeeded':
      return paid;
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { ...base, kind: 'failed', failureMessage: failureMessages[event.type] };
    default:
      return null;
  }
}
