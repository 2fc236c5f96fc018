import { type Notification, type NotificationsPayload } from '@parley/contracts';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { z } from 'zod';
import { registerJobHandler } from '../jobs/jobs.registry.js';
import { queueMail } from '../mail/mail.outbox.js';
import { getLanguageTexts, getUserLanguageTexts, renderParts, renderText, type TextPart } from '../reference/localization.service.js';
import { queueNoticePush } from '../push/push.jobs.js';
import * as repo from './notifications.repository.js';
import { type NotificationRow } from './notifications.table.js';

export interface NewNotification {
  userId: number;
  /** What happened, for the client's icon and filters: 'report.upheld', 'deposit.refunded', … */
  kind: string;
  /** Written at creation in the recipient's language (catalogue texts; other text is kept as it is). */
  title: TextPart | readonly TextPart[];
  /** The statement of reasons: what was decided and why. Never names another person. */
  body: TextPart | readonly TextPart[];
  /** A path inside the app to open, e.g. '/account/history'. */
  link?: string | null;
  /** Makes the notice idempotent: the same key writes one notice however often the decision is replayed. */
  dedupeKey?: string;
  /** ISO time; defaults to now (tests pass their clock's time). */
  createdAt?: string;
}

/**
 * Writes a notice in the caller's transaction, so it exists exactly when the decision it
 * reports was committed, with its delivery job: the job worker pushes it over the WebSocket
 * and mails it, once.
 */
export async function createNotification(trx: DbOrTrx, input: NewNotification): Promise<void> {
  // Stored as final text in the recipient's language of this moment (the list, the push and the mail show the same words).
  const language = await getUserLanguageTexts(trx, input.userId);
  const inserted = await repo.insertNotification(trx, {
    user_id: input.userId,
    kind: input.kind,
    title: renderParts(language, input.title).slice(0, 200),
    body: renderParts(language, input.body),
    link: input.link ?? null,
    dedupe_key: input.dedupeKey ?? null,
    created_at: input.createdAt ?? new Date().toISOString(),
    read_at: null,
    delivered_at: null,
  });
  // Due at once whatever clock the caller keeps; a replayed decision (same dedupe key) inserted nothing.
  if (inserted) await deliverNotificationJob.enqueue(trx, { id: inserted.id }, { runAt: new Date(0), dedupeKey: `notification:${inserted.id}` });
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

/**
 * Delivers one committed notice: a WebSocket push to the user's sockets, and a mail through
 * the outbox (retried on its own). The conditional claim makes a replayed job deliver nothing.
 */
const deliverNotificationJob = registerJobHandler('notification.deliver', {
  schema: z.object({ id: z.number().int() }),
  async handle({ id }, ctx) {
    const row = await repo.findNotification(ctx.db, id);
    if (!row || !(await repo.claimDelivery(ctx.db, id, ctx.clock.now().toISOString()))) return;
    await ctx.bus.publish({
      type: 'notification',
      userId: row.user_id,
      notification: toNotification(row),
      unreadCount: await repo.countUnread(ctx.db, row.user_id),
    });
    // The push says only that there is a notice; its words stay in the app.
    await queueNoticePush(ctx.db, ctx.config.push !== undefined, row.user_id, row.id, row.link);
    const recipient = await repo.findRecipient(ctx.db, row.user_id);
    if (!recipient) return;
    const language = await getLanguageTexts(ctx.db, recipient.language_id);
    const link = row.link ? `\n\n${ctx.config.publicUrl}${row.link}` : '';
    const greeting = renderText(language, 'mail.greeting', { name: recipient.name });
    await queueMail(ctx.db, ctx.clock, {
      to: recipient.email,
      subject: row.title,
      text: `${greeting}\n\n${row.body}${link}\n\n${renderText(language, 'mail.signature')}`,
    });
  },
});
