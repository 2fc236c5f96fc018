import { type Transaction } from 'kysely';
import { type Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { postEntry } from '../ledger/ledger.service.js';
import { type PaymentEvent } from '../payments/gateway.js';
import { referenceId, type PaymentHandlerDeps } from '../payments/payment-handlers.js';
import { webhookErrors } from '../payments/webhook-signature.js';
import * as repo from './deposits.repository.js';

/**
 * The `deposit:` payment handler. Coins are credited exactly once: the
 * conditional status move lets one transaction through, and the ledger's
 * idempotency key `deposit:<id>` would refuse a second credit anyway.
 *
 * A success is final. A success that arrives after a failure still credits
 * (the gateway says the money was captured, so the buyer gets the coins);
 * a failure that arrives after a success changes nothing.
 */
export async function handleDepositPayment(trx: Transaction<Database>, event: PaymentEvent, deps: PaymentHandlerDeps): Promise<void> {
  const id = referenceId(event.reference);
  const now = deps.clock.now().toISOString();
  // The usual case in one statement: the matching deposit moves to success and says whom to credit.
  const moved =
    event.kind === 'succeeded' && id !== undefined
      ? await repo.settleDeposit(trx, { id, gateway: deps.gateway, sessionId: event.sessionId, totalCents: event.amountCents, now })
      : undefined;
  if (moved) {
    const { entry, created } = await postEntry(trx, deps.clock, {
      userId: moved.user_id,
      amount: moved.points,
      kind: 'top_up',
      idempotencyKey: `deposit:${moved.id}`,
      reference: { type: 'deposit', id: moved.id },
    });
    if (created) deps.afterCommit(() => deps.bus.publish({ type: 'balance', userId: moved.user_id, balance: entry.balance_after }));
    return;
  }

  const deposit = id === undefined ? undefined : await repo.findDeposit(trx, id);
  if (!deposit || deposit.gateway !== deps.gateway) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  if (deposit.gateway_session_id && deposit.gateway_session_id !== event.sessionId) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  if (event.kind === 'failed') {
    await repo.markDepositFailed(trx, deposit.id, event.failureMessage ?? 'Payment failed', now);
    return;
  }
  if (event.amountCents !== deposit.total_cents) throw new AppError('BAD_REQUEST', webhookErrors.amountMismatch);
  // Matching but not moved: already a success, credited by an earlier event.
}
