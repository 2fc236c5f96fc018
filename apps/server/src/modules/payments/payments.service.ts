import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type Db } from '../../db/database.js';
import { groupCommitOf } from '../../db/group-commit.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { type Mailer } from '../mail/mailer.js';
import { isDisputeEvent, isRefundEvent, type PaymentEvent, type PaymentGateway } from './gateway.js';
import { handlePayableEvent } from './payables.js';
import { findPaymentKind, type PaymentKinds } from './payment-kinds.js';
import { getSettings } from '../reference/settings.service.js';
import * as repo from './payments.repository.js';
import { webhookErrors } from './webhook-signature.js';

export interface DispatchDeps {
  db: Db;
  clock: Clock;
  config: Config;
  bus: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
  paymentKinds: PaymentKinds;
}

/**
 * Runs the event through the payment core (payables.ts) for the kind that owns its
 * reference, in one transaction with the record of the event id. A redelivered event id does nothing; a different event
 * for the same payment is made harmless by the handler's conditional update and
 * the ledger's idempotency key.
 */
export async function dispatchPaymentEvent(deps: DispatchDeps, gatewayClient: PaymentGateway, parsed: PaymentEvent): Promise<{ duplicate: boolean }> {
  const gateway = gatewayClient.name;
  const event = await withReference(deps.db, gateway, parsed);
  const match = findPaymentKind(deps.paymentKinds, event.reference);
  if (!match) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  const afterCommit: (() => Promise<void> | void)[] = [];
  // Outside the transaction: SQLite has one connection, and the cached copy costs no statement.
  const settings = await getSettings(deps.db);
  // Events arriving together share one transaction (group commit, db/group-commit.ts): the work may
  // run again on its own if the shared one fails, so it starts from an empty list of after-commit actions.
  // Keyed by what it pays for (db/group-commit.ts): two events of one payment — a replay, a late duplicate —
  // never run in two batches in flight, where they would wait for each other's deposit and balance rows.
  const duplicate = await groupCommitOf(deps.db).run(
    async (trx) => {
      afterCommit.length = 0;
      const recorded = await repo.recordPaymentEvent(trx, {
        gateway,
        event_id: event.eventId,
        kind: event.kind,
        reference: event.reference.slice(0, 64),
        amount_cents: event.amountCents,
        created_at: deps.clock.now().toISOString(),
      });
      if (!recorded) return true;
      // Stripe's disputes name only the PaymentIntent: remember whose it is (the sandbox's payment id is the session).
      if (event.kind === 'succeeded' && event.paymentId && event.paymentId !== event.sessionId) {
        await repo.recordGatewayPayment(trx, { gateway, payment_id: event.paymentId, reference: event.reference, created_at: deps.clock.now().toISOString() });
      }
      await handlePayableEvent(match.kind, trx, event, {
        gateway,
        gatewayClient,
        db: deps.db,
        mailer: deps.mailer,
        settings,
        clock: deps.clock,
        config: deps.config,
        bus: deps.bus,
        log: deps.log,
        afterCommit: (action) => afterCommit.push(action),
      });
      return false;
    },
    [`payment:${event.reference.slice(0, 64)}`],
  );
  for (const action of afterCommit) {
    try {
      await action();
    } catch (error) {
      deps.log.warn({ err: error, reference: event.reference }, 'payment after-commit action failed');
    }
  }
  return { duplicate };
}

/** A dispute or a refund names only the payment: find whose it is. */
async function withReference(db: Db, gateway: string, event: PaymentEvent): Promise<PaymentEvent> {
  if (!(isDisputeEvent(event) || isRefundEvent(event)) || event.reference) return event;
  const reference = await repo.findReferenceOfPayment(db, gateway, event.paymentId);
  if (!reference) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  return { ...event, reference };
}
