import { texts } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { randomToken } from '../../lib/crypto.js';
import { type CheckoutRequest, type CheckoutSession, type PaymentEvent, type PaymentGateway, type RefundRequest } from './gateway.js';
import { type SandboxSessionRow } from './payments.table.js';
import { SandboxWebhooks } from './sandbox-webhooks.js';
import * as repo from './sandbox.repository.js';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature, webhookErrors } from './webhook-signature.js';

/** What the sandbox posts to the webhook; signed in the `Parley-Signature` header. */
export const sandboxEventSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(['payment.succeeded', 'payment.failed', 'dispute.created', 'dispute.closed']),
  created: z.number().int(),
  data: z.object({
    session_id: z.string().min(1).max(64),
    reference: z.string().min(1).max(64),
    amount_cents: z.number().int().nonnegative(),
    currency: z.string(),
    failure_message: z.string().max(255).optional(),
    card_last4: z.string().max(4).optional(),
    /** Dispute events: the dispute and, once closed, who won. */
    dispute: z.object({ id: z.string().min(1).max(64), status: z.enum(['open', 'won', 'lost']), reason: z.string().max(100).optional() }).optional(),
  }),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

export interface SandboxGatewayDeps {
  db: Db;
  clock: Clock;
  secret: string;
  log: FastifyBaseLogger;
  /** PUBLIC_URL: the hosted card page's address is absolute, like a real gateway's (issue 32). */
  publicUrl: string;
}

export const sandboxPagePath = (sessionId: string) => `/sandbox-pay/${encodeURIComponent(sessionId)}`;

/**
 * The built-in gateway of the embedded default: sessions live in the app's own
 * database, the hosted card page is served by the app (sandbox-page.routes.ts),
 * and outcomes reach the webhook endpoint over HTTP like any real gateway's.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly webhooks: SandboxWebhooks;

  constructor(private readonly deps: SandboxGatewayDeps) {
    this.webhooks = new SandboxWebhooks(deps.clock, deps.secret);
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const id = `sbx_${randomToken(18)}`;
    const now = this.deps.clock.now().toISOString();
    try {
      await repo.insertSession(this.deps.db, {
        id,
        reference: request.reference,
        result_type: request.resultType,
        amount_cents: request.amountCents,
        currency: request.currency,
        description: request.description.slice(0, 255),
        customer_email: request.customerEmail,
        return_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        locale: request.locale?.slice(0, 20) ?? null,
        expires_at: request.expiresAt.toISOString(),
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      this.deps.log.error({ err: error }, 'sandbox gateway: could not create a session');
      throw new AppError('GATEWAY', texts.topUp.gatewayError);
    }
    // Absolute (issue 32): a client built to the spec follows it as it would a real gateway's URL.
    return { sessionId: id, redirectUrl: new URL(sandboxPagePath(id), this.deps.publicUrl).toString() };
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    verifySandboxSignature(this.deps.secret, rawBody, headers[SANDBOX_SIGNATURE_HEADER], this.deps.clock.now().getTime());
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('BAD_REQUEST', webhookErrors.malformed);
    }
    const parsed = sandboxEventSchema.safeParse(json);
    if (!parsed.success) throw new AppError('BAD_REQUEST', webhookErrors.malformed);
    return toPaymentEvent(parsed.data);
  }

  /** Refunds once per idempotency key, never more than what is left of the payment. The payment id is the session id. */
  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const { db, clock } = this.deps;
    const refunded = await db.transaction().execute(async (trx) => {
      const earlier = await repo.findRefundByKey(trx, request.idempotencyKey);
      if (earlier) return earlier.id;
      if (!(await repo.addRefundedCents(trx, request.paymentId, request.amountCents, clock.now().toISOString()))) return undefined;
      const row = await repo.insertRefund(trx, {
        session_id: request.paymentId,
        amount_cents: request.amountCents,
        idempotency_key: request.idempotencyKey,
        created_at: clock.now().toISOString(),
      });
      return row.id;
    });
    if (refunded === undefined) throw new AppError('GATEWAY', texts.money.refundGatewayError);
    return { refundId: `re_sbx_${refunded}` };
  }

  /** The hosted page's test dispute: opened on a paid session, then closed won or lost; the event goes out like a bank's. */
  async disputeSession(session: SandboxSessionRow, to: 'open' | 'won' | 'lost'): Promise<boolean> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const from = to === 'open' ? [null] : ['open' as const];
    const moved = await db.transaction().execute(async (trx) => {
      if (!(await repo.transitionDispute(trx, session.id, from, to, now.toISOString()))) return false;
      const event: SandboxEvent = {
        id: `evt_${randomToken(18)}`,
        type: to === 'open' ? 'dispute.created' : 'dispute.closed',
        created: Math.floor(now.getTime() / 1000),
        data: {
          session_id: session.id,
          reference: session.reference,
          amount_cents: session.amount_cents - session.refunded_cents,
          currency: session.currency,
          dispute: { id: `dp_${session.id}`, status: to, reason: 'fraudulent' },
        },
      };
      await this.webhooks.enqueue(trx, event);
      return true;
    });
    if (moved) this.webhooks.kick();
    return moved;
  }

  findSession(id: string) {
    return repo.findSession(this.deps.db, id);
  }

  /** Card needs 3-D Secure: the session waits for the confirmation step. */
  async requireAction(session: SandboxSessionRow, last4: string): Promise<boolean> {
    return repo.transitionSession(this.deps.db, session.id, ['open'], 'requires_action', {
      card_last4: last4,
      updated_at: this.deps.clock.now().toISOString(),
    });
  }

  /**
   * Final outcome of a session: moves it (once) and writes the webhook event to
   * the outbox in the same transaction. Returns false if it was already final.
   */
  async completeSession(session: SandboxSessionRow, outcome: { kind: 'succeeded' | 'failed'; last4?: string; failureMessage?: string }): Promise<boolean> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const moved = await db.transaction().execute(async (trx) => {
      const changes = { updated_at: now.toISOString(), ...(outcome.last4 ? { card_last4: outcome.last4 } : {}) };
      if (!(await repo.transitionSession(trx, session.id, ['open', 'requires_action'], outcome.kind, changes))) return false;
      const event: SandboxEvent = {
        id: `evt_${randomToken(18)}`,
        type: outcome.kind === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
        created: Math.floor(now.getTime() / 1000),
        data: {
          session_id: session.id,
          reference: session.reference,
          amount_cents: session.amount_cents,
          currency: session.currency,
          ...(outcome.failureMessage ? { failure_message: outcome.failureMessage } : {}),
          ...(outcome.last4 || session.card_last4 ? { card_last4: outcome.last4 ?? session.card_last4 ?? undefined } : {}),
        },
      };
      await this.webhooks.enqueue(trx, event);
      return true;
    });
    if (moved) this.webhooks.kick();
    return moved;
  }
}

/** The sandbox's wire event → ours. The payment id of a sandbox payment is its session id. */
export function toPaymentEvent({ id, type, data }: SandboxEvent): PaymentEvent {
  if (type === 'dispute.created' || type === 'dispute.closed') {
    if (!data.dispute) throw new AppError('BAD_REQUEST', webhookErrors.malformed);
    const kind = type === 'dispute.created' ? 'dispute_opened' : data.dispute.status === 'lost' ? 'dispute_lost' : 'dispute_won';
    return {
      eventId: id,
      kind,
      disputeId: data.dispute.id,
      paymentId: data.session_id,
      amountCents: data.amount_cents,
      reason: data.dispute.reason,
      reference: data.reference,
    };
  }
  if (type === 'payment.failed') {
    return {
      eventId: id,
      kind: 'failed',
      sessionId: data.session_id,
      reference: data.reference,
      amountCents: data.amount_cents,
      failureMessage: data.failure_message,
    };
  }
  return {
    eventId: id,
    kind: 'succeeded',
    sessionId: data.session_id,
    reference: data.reference,
    amountCents: data.amount_cents,
    paymentId: data.session_id,
    paymentMethod: data.card_last4 ? `Card •••• ${data.card_last4}` : 'Card',
  };
}
