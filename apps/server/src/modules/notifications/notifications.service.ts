import { type Notification, type NotificationsPayload } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { type Mailer } from '../mail/mailer.js';
import * as repo from './notifications.repository.js';
import { type NotificationRow } from './notifications.table.js';

export interface NewNotification {
  userId: number;
  /** What happened, for the client's icon and filters: 'report.upheld', 'deposit.refunded', … */
  kind: string;
  title: string;
  /** The statement of reasons: what was decided and why. Never names another person. */
  body: string;
  /** A path inside the app to open, e.g. '/account/history'. */
  link?: string | null;
  /** Makes the notice idempotent: the same key writes one notice however often the decision is replayed. */
  dedupeKey?: string;
  /** ISO time; defaults to now (tests pass their clock's time). */
  createdAt?: string;
}

/**
 * Writes a notice in the caller's transaction, so it exists exactly when the decision it
 * reports was committed. The delivery worker pushes it over the WebSocket and mails it.
 */
export async function createNotification(trx: DbOrTrx, input: NewNotification): Promise<void> {
  await repo.insertNotification(trx, {
    user_id: input.userId,
    kind: input.kind,
    title: input.title.slice(0, 200),
    body: input.body,
    link: input.link ?? null,
    dedupe_key: input.dedupeKey ?? null,
    created_at: input.createdAt ?? new Date().toISOString(),
    read_at: null,
    delivered_at: null,
  });
}

export function toNotification(row: NotificationRow): Notification {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, created_at: row.created_at, read_at: row.read_at };
}

export async function listUserNotifications(db: Db, userId: number, query: { before_id?: number; per_page: number }): Promise<NotificationsPayload> {
  const rows = await repo.listNotifications(db, userId, { beforeId: query.before_id, limit: query.per_page + 1 });
  return {
    notifications: rows.slice(0, query.per_page).map(toNotification),
    unread_count: await repo.countUnread(db, userId),
    has_more: rows.length > query.per_page,
  };
}

export async function markNotificationsRead(db: Db, clock: Clock, userId: number, ids: number[] | undefined): Promise<number> {
  await repo.markRead(db, userId, ids, clock.now().toISOString());
  return repo.countUnread(db, userId);
}

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Delivers committed, undelivered notices once each (a conditional claim, so N instances
 * never deliver one twice): a WebSocket push to the user's sockets and a mail.
 * Returns how many this call delivered.
 */
export async function deliverPendingNotifications(deps: DeliveryDeps, batch = 50): Promise<number> {
  let delivered = 0;
  for (const row of await repo.listUndelivered(deps.db, batch)) {
    if (!(await repo.claimDelivery(deps.db, row.id, deps.clock.now().toISOString()))) continue;
    delivered += 1;
    await deps.bus.publish({
      type: 'notification',
      userId: row.user_id,
      notification: toNotification(row),
      unreadCount: await repo.countUnread(deps.db, row.user_id),
    });
    await mailNotification(deps, row);
  }
  return delivered;
}

async function mailNotification(deps: DeliveryDeps, row: NotificationRow) {
  const recipient = await repo.findRecipient(deps.db, row.user_id);
  if (!recipient) return;
  const link = row.link ? `\n\n${deps.publicUrl}${row.link}` : '';
  try {
    await deps.mailer.send({ to: recipient.email, subject: row.title, text: `Hi ${recipient.name},\n\n${row.body}${link}\n\n— The Parley team` });
  } catch (error) {
    // The notice stays in the app's list; a mail outage must not block the others.
    deps.log.warn({ err: error, notificationId: row.id }, 'notification mail failed');
  }
}

/** Polls for committed notices; a notice reaches its user within about a second. */
export function startNotificationDelivery(deps: DeliveryDeps, pollMs = 1000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverPendingNotifications(deps)
      .catch((error: unknown) => deps.log.error({ err: error }, 'notification delivery failed'))
      .finally(() => (running = false));
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
