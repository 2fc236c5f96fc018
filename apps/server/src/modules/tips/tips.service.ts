import { texts, type ChatEvent, type Tip, type TipBody } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database, type Db } from '../../db/database.js';
import { AppError, localized } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { earnedShare, getBalance, postEntry, recordPromoShare } from '../ledger/ledger.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { reverseEarnings } from '../payouts/earnings.service.js';
import { findPairing } from '../ratings/ratings.service.js';
import { getSettings } from '../reference/settings.service.js';
import * as repo from './tips.repository.js';
import { type TipRow } from './tips.table.js';

const toTip = (row: TipRow): Tip => ({ id: row.id, topic_id: row.topic_id, amount: row.amount, created_at: row.created_at });

/**
 * Tips the interlocutor of the caller's current or last pairing in the topic (issue 35 §4). One transaction:
 * the tip row (unique per payer and key: a retry is the same tip), one `tip` spend for the payer (a spending
 * debit: balance and personal limits in one conditional update), and the interlocutor's share of its bought
 * part as `contributor_earning` (it matures like message earnings; the promotional part is withheld,
 * decision 029). Balances are pushed after the commit; the interlocutor gets a notice that names nobody.
 */
export async function tipInterlocutor(deps: { db: Db; clock: Clock; bus: EventBus }, userId: number, topicId: number, body: TipBody) {
  const { contributor_share_percent: percent } = await getSettings(deps.db);
  const now = deps.clock.now().toISOString();
  const { tip, balance, events } = await deps.db.transaction().execute(async (trx) => {
    const pairing = await findPairing(trx, userId, topicId);
    if (!pairing) throw new AppError('VALIDATION', texts.tips.nobodyToTip);
    if (!pairing.isOtherContributor) throw new AppError('VALIDATION', texts.tips.notAccepted);
    const row = await repo.insertTip(trx, {
      payer_id: userId,
      recipient_id: pairing.otherId,
      topic_id: topicId,
      client_key: body.key,
      amount: body.amount,
      created_at: now,
    });
    if (!row) {
      const existing = (await repo.findTipByKey(trx, userId, body.key))!;
      return { tip: existing, balance: await getBalance(trx, userId), events: [] as ChatEvent[] };
    }
    return payTip(trx, deps.clock, row, percent);
  });
  await Promise.all(events.map((event) => deps.bus.publish(event).catch(() => undefined)));
  return { tip: toTip(tip), balance };
}

async function payTip(trx: Transaction<Database>, clock: Clock, tip: TipRow, percent: number) {
  const { entry } = await postEntry(trx, clock, {
    userId: tip.payer_id,
    amount: -tip.amount,
    kind: 'tip',
    idempotencyKey: `tip:${tip.id}`,
    reference: { type: 'tip', id: tip.id },
    insufficientMessage: texts.tips.insufficient,
  });
  const promoCoins = -Number(entry.promo_amount);
  const { earned, withheld } = earnedShare(tip.amount, promoCoins, percent);
  const events: ChatEvent[] = [{ type: 'balance', userId: tip.payer_id, balance: entry.balance_after }];
  if (withheld > 0)
    await recordPromoShare(trx, {
      user_id: tip.recipient_id,
      payer_id: tip.payer_id,
      reference_type: 'tip',
      reference_id: String(tip.id),
      coins: withheld,
      created_at: tip.created_at,
    });
  if (earned > 0) {
    const credit = await postEntry(trx, clock, {
      userId: tip.recipient_id,
      amount: earned,
      kind: 'contributor_earning',
      idempotencyKey: `earning:tip:${tip.id}`,
      reference: { type: 'tip', id: tip.id },
    });
    events.push({ type: 'balance', userId: tip.recipient_id, balance: credit.entry.balance_after });
    // The interlocutor is told of it, naming nobody (the notice says 'someone you talked with').
    await createNotification(trx, {
      userId: tip.recipient_id,
      kind: 'tip.received',
      title: texts.tips.receivedTitle,
      body: localized('tips.receivedBody', { coins: earned }),
      link: '/account?tab=history',
      dedupeKey: `tip:${tip.id}`,
      createdAt: tip.created_at,
    });
  }
  await repo.recordTipShares(trx, tip.id, { promo_coins: promoCoins, earned });
  return { tip, balance: entry.balance_after, events };
}

/**
 * An upheld report against the interlocutor (reports.service#settleDecidedReport, in the deciding transaction):
 * the reporter's tips to them in that topic come back (their promotional part as promotional) and the
 * interlocutor's earnings from them are reversed. Each tip once, whatever the number of reports: the tip is
 * claimed by a conditional update, and the entries' keys are per tip.
 */
export async function refundTipsOnUpheldReport(
  trx: Transaction<Database>,
  clock: Clock,
  input: { reportId: number; payerId: number; recipientId: number; topicId: number },
): Promise<{ refunded: number; reversed: number }> {
  let refunded = 0;
  let reversed = 0;
  for (const tip of await repo.claimTipsForRefund(trx, input)) {
    const { created } = await postEntry(trx, clock, {
      userId: input.payerId,
      amount: Number(tip.amount),
      promoAmount: Number(tip.promo_coins),
      kind: 'tip_refund',
      idempotencyKey: `tip-refund:${tip.id}`,
      reference: { type: 'tip', id: tip.id },
    });
    if (created) refunded += Number(tip.amount);
    if (Number(tip.earned) > 0)
      reversed += await reverseEarnings(trx, clock, {
        userId: input.recipientId,
        coins: Number(tip.earned),
        idempotencyKey: `tip-reversal:${tip.id}`,
        reason: `report #${input.reportId} upheld`,
      });
  }
  return { refunded, reversed };
}
