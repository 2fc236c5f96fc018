import { type DbOrTrx } from '../../db/database.js';
import { AppError, localized } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { cachePerBus, type EventBus } from '../../lib/event-bus.js';
import { getBalance } from '../ledger/ledger.service.js';
import { refuseOverLimit, seemsSpendable } from '../ledger/spending-limits.service.js';
import { requireTopicSender } from '../topics/topics.access.js';
import { assertAdult } from '../users/adult.js';
import { type UserRow } from '../users/users.table.js';
import { accessCacheOf } from './poll-cache.js';

/** How long a seen right to send in a topic lets the next sends skip the pre-check's read. */
const HINT_TTL_MS = 10 * 60_000;
const MAX_HINTS = 50_000;

/**
 * Per instance: the (user, topic) pairs whose sender recently passed the writer rule. Only a hint: a stale one
 * (the user left since) costs a content check that the send's own statement then refuses, as before; it never
 * lets a send through. So it is not dropped by the topic's own writes (every send is one).
 */
export class SenderHints {
  private readonly seen = new Map<string, number>();

  has(userId: number, topicId: number, nowMs = Date.now()): boolean {
    const at = this.seen.get(`${userId}:${topicId}`);
    return at !== undefined && nowMs - at < HINT_TTL_MS;
  }

  add(userId: number, topicId: number, nowMs = Date.now()) {
    const key = `${userId}:${topicId}`;
    this.seen.delete(key);
    if (this.seen.size >= MAX_HINTS) this.seen.delete(this.seen.keys().next().value!);
    this.seen.set(key, nowMs);
  }

  /** Sign-outs and bans end sessions: forget everything rather than track whose. */
  apply(message: { kind: string }) {
    if (message.kind === 'sessions') this.seen.clear();
  }
}

export const senderHintsOf = cachePerBus(() => new SenderHints());

export interface PrecheckDeps {
  db: DbOrTrx;
  clock: Clock;
  bus: EventBus;
}

/** What the instance already knows: the access cache's entry shows an open topic the user writes in. */
function cachedMaySend(bus: EventBus, userId: number, topicId: number): boolean {
  if (senderHintsOf(bus).has(userId, topicId)) return true;
  const access = accessCacheOf(bus).find(topicId, userId);
  if (!access || access.topic.is_closed === 1 || !access.isMember) return false;
  return access.topic.user_id === userId || access.topic.chat_mode === 'human';
}

/**
 * The send's cheap refusals before its dear work (issue 31: the content filter, with libphonenumber, cost
 * ~20× a 404): in the documented order — the topic and the sender's seat, adults only for human chats, then
 * the coins and personal limits. When the instance already knows the seat and the user row (the session's,
 * fresh over the bus) covers the cost, nothing is read. Otherwise the refusals are read from the database (one
 * statement for the seat, two more only when the coins look short). The send's own statement stays the
 * authority (decision 027); this only makes an unpaid or misaddressed send cost what a 404 costs.
 */
export async function precheckSend(deps: PrecheckDeps, user: UserRow, topicId: number, cost: number): Promise<void> {
  const now = deps.clock.now();
  const affordable = seemsSpendable(user, cost, now);
  if (affordable && cachedMaySend(deps.bus, user.id, topicId)) return;
  const { topic } = await requireTopicSender(deps.db, user.id, topicId);
  if (topic.chat_mode === 'human') assertAdult(user);
  senderHintsOf(deps.bus).add(user.id, topicId);
  if (affordable) return;
  // The row may be older than a top-up: ask the ledger's row before refusing.
  await refuseOverLimit(deps.db, user.id, cost, now);
  if ((await getBalance(deps.db, user.id)) < cost)
    throw new AppError('INSUFFICIENT_FUNDS', localized('chat.notEnoughCoins', { cost }), undefined, { required: cost });
}
