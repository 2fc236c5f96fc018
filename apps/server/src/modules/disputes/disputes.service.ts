import { type Dispute } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database, type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { getBalance, postEntry, promoRefund } from '../ledger/ledger.service.js';
import * as repo from './disputes.repository.js';
import { type DisputeRow, type DisputeStatus } from './disputes.table.js';

/**
 * Card disputes (chargebacks). While a dispute is open the disputed coins are held by the
 * ledger (a debit, like a payout hold): at most what the user still has of them, so the
 * balance never goes negative. Won: the hold is released (credit). Lost: the hold stays,
 * the coins are gone for good. Every step is once per gateway dispute id.
 */
export interface OpenDisputeInput {
  gateway: string;
  disputeId: string;
  source: 'deposit' | 'order';
  sourceId: number;
  userId: number;
  amountCents: number;
  reason?: string;
  /** Coins bought with the disputed payment and not refunded yet (0 for skin orders). */
  coins: number;
}

export async function openDispute(trx: Transaction<Database>, clock: Clock, input: OpenDisputeInput): Promise<{ dispute: DisputeRow; created: boolean }> {
  const now = clock.now().toISOString();
  const dispute = await repo.insertDispute(trx, {
    gateway: input.gateway,
    gateway_dispute_id: input.disputeId,
    source_type: input.source,
    source_id: input.sourceId,
    user_id: input.userId,
    amount_cents: input.amountCents,
    coins_held: 0,
    status: 'open',
    reason: input.reason?.slice(0, 100) ?? null,
    created_at: now,
    updated_at: now,
  });
  if (!dispute) return { dispute: (await findDispute(trx, input.gateway, input.disputeId))!, created: false };
  const coins = Math.min(input.coins, await getBalance(trx, input.userId));
  if (coins > 0) {
    await postEntry(trx, clock, {
      userId: input.userId,
      amount: -coins,
      kind: 'dispute_hold',
      idempotencyKey: `dispute:${dispute.id}:hold`,
      reference: { type: input.source, id: input.sourceId },
      note: 'Card payment disputed',
    });
    await repo.setCoinsHeld(trx, dispute.id, coins);
  }
  return { dispute: { ...dispute, coins_held: coins }, created: true };
}

/** Closes an open dispute; a won one gives the held coins back. Undefined if it was not open (already closed or unknown). */
export async function closeDispute(trx: Transaction<Database>, clock: Clock, gateway: string, disputeId: string, outcome: 'won' | 'lost') {
  const dispute = await repo.closeDispute(trx, gateway, disputeId, outcome, clock.now().toISOString());
  if (!dispute) return undefined;
  if (outcome === 'won' && dispute.coins_held > 0) {
    await postEntry(trx, clock, {
      userId: dispute.user_id,
      amount: dispute.coins_held,
      // What the hold took from the promotional coins goes back promotional (decision 029).
      promoAmount: await promoRefund(trx, dispute.coins_held, [`dispute:${dispute.id}:hold`]),
      kind: 'dispute_release',
      idempotencyKey: `dispute:${dispute.id}:release`,
      reference: { type: dispute.source_type, id: dispute.source_id },
      note: 'Dispute closed in your favour',
    });
  }
  return dispute;
}

const findDispute = repo.findDispute;

export async function listDisputes(db: DbOrTrx, status?: DisputeStatus): Promise<Dispute[]> {
  return (await repo.listDisputes(db, status, 100)).map((row) => ({
    id: row.id,
    source: row.source_type,
    source_id: row.source_id,
    user_id: row.user_id,
    user_email: row.user_email,
    amount_cents: row.amount_cents,
    coins_held: row.coins_held,
    status: row.status,
    reason: row.reason,
    created_at: row.created_at,
  }));
}

export const countOpenDisputes = (db: DbOrTrx) => repo.countDisputes(db, 'open');
