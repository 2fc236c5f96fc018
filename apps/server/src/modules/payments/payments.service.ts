import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { type PaymentEvent } from './gateway.js';
import { findPaymentHandler } from './payment-handlers.js';
import * as repo from './payments.repository.js';
import { webhookErrors } from './webhook-signature.js';

export interface DispatchDeps {
  db: Db;
  clock: Clock;
  config: Config;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/**
 * Runs the handler that owns the event's reference, in one transaction with the
 * record of the event id. A redelivered event id does nothing; a different event
 * for the same payment is made harmless by the handler's conditional update and
 * the ledger's idempotency key.
 */
export async function dispatchPaymentEvent(deps: DispatchDeps, gateway: string, event: PaymentEvent): Promise<{ duplicate: boolean }> {
  const match = findPaymentHandler(event.reference);
  if (!match) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  const afterCommit: (() => Promise<void> | void)[] = [];
  const duplicate = await deps.db.transaction().execute(async (trx) => {
    const recorded = await repo.recordPaymentEvent(trx, {
      gateway,
      event_id: event.eventId,
      kind: event.kind,
      reference: event.reference.slice(0, 64),
      amount_cents: event.amountCents,
      created_at: deps.clock.now().toISOString(),
    });
    if (!recorded) return true;
    await match.handler(trx, event, {
      gateway,
      clock: deps.clock,
      config: deps.config,
      bus: deps.bus,
      log: deps.log,
      afterCommit: (action) => afterCommit.push(action),
    });
    return false;
  });
  for (const action of afterCommit) {
    try {
      await action();
    } catch (error) {
      deps.log.warn({ err: error, reference: event.reference }, 'payment after-commit action failed');
    }
  }
  return { duplicate };
}
