import { texts } from '@parley/contracts';
import { randomUUID } from 'node:crypto';
import { type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { postEntry } from '../ledger/ledger.service.js';
import { getSettings } from '../reference/settings.service.js';
import * as users from '../users/users.service.js';
import { type UserRow } from '../users/users.table.js';

const WEEK_MS = 7 * 24 * 3600_000;

/**
 * Buys channel status: debits `channel_status_cost` (conditional: 'Not enough
 * points' changes nothing) and extends an active status by
 * `channel_status_duration` weeks, or starts one now. The expiry is read after
 * the debit has locked the user's row, so concurrent purchases each add their weeks.
 * `requestKey` (the Idempotency-Key header) makes a retried request harmless.
 */
export async function buyChannelStatus(deps: { db: Db; clock: Clock; bus: EventBus }, userId: number, requestKey?: string): Promise<UserRow> {
  const { db, clock } = deps;
  const settings = await getSettings(db);
  const purchase = () =>
    db.transaction().execute(async (trx) => {
      const now = clock.now();
      let fresh = true;
      if (settings.channel_status_cost > 0) {
        const { created } = await postEntry(trx, clock, {
          userId,
          amount: -settings.channel_status_cost,
          kind: 'channel_status',
          idempotencyKey: `channel:${userId}:${requestKey ?? randomUUID()}`,
          reference: { type: 'channel_status', id: userId },
          insufficientMessage: texts.account.notEnoughPoints,
        });
        fresh = created;
      } else {
        await users.updateUser(trx, userId, { updated_at: now.toISOString() }); // takes the row lock like a debit would
      }
      const user = (await users.findUserById(trx, userId))!;
      if (!fresh) return { user, charged: false };
      const current = user.channel_expire_at && user.channel_expire_at > now.toISOString() ? new Date(user.channel_expire_at) : now;
      const expiresAt = new Date(current.getTime() + settings.channel_status_duration * WEEK_MS).toISOString();
      return { user: await users.updateUser(trx, userId, { channel_expire_at: expiresAt, updated_at: now.toISOString() }), charged: true };
    });
  // Two concurrent retries with one key: the loser hits the ledger's unique key and, run again, sees the winner's entry.
  const result = await purchase().catch((error: unknown) => {
    if (requestKey && /unique|duplicate key/i.test(String(error))) return purchase();
    throw error;
  });
  if (result.charged && settings.channel_status_cost > 0)
    await deps.bus.publish({ type: 'balance', userId, balance: result.user.balance }).catch(() => undefined);
  return result.user;
}
