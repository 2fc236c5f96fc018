import { type ChatEvent } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { earnedShare, postEntry, recordPromoShare } from '../ledger/ledger.service.js';
import { type TopicAccess } from '../topics/topics.access.js';
import { type MessageRow } from './messages.table.js';

/**
 * Counterpart payments earn contributors their share, in the payer's transaction: of the bought coins only
 * (`promoCoins` of the message's cost were promotional; decision 029), the share withheld recorded for the
 * contributor's earnings screen. Returns the balance events to publish after the commit.
 */
export async function creditContributors(
  trx: Transaction<Database>,
  clock: Clock,
  message: MessageRow,
  payer: { id: number; promoCoins: number },
  percent: number,
  active: TopicAccess['active'],
): Promise<ChatEvent[]> {
  const { earned: share, withheld } = earnedShare(message.cost, payer.promoCoins, percent);
  const others = active.filter((p) => p.user_id !== payer.id && p.is_contributor === 1);
  const events: ChatEvent[] = [];
  for (const contributor of others) {
    if (withheld > 0)
      await recordPromoShare(trx, {
        user_id: contributor.user_id,
        payer_id: payer.id,
        reference_type: 'message',
        reference_id: String(message.id),
        coins: withheld,
        created_at: clock.now().toISOString(),
      });
    if (share <= 0) continue;
    const { entry } = await postEntry(trx, clock, {
      userId: contributor.user_id,
      amount: share,
      kind: 'contributor_earning',
      idempotencyKey: `earning:message:${message.id}:${contributor.user_id}`,
      reference: { type: 'message', id: message.id },
    });
    events.push({ type: 'balance', userId: contributor.user_id, balance: entry.balance_after });
  }
  return events;
}
