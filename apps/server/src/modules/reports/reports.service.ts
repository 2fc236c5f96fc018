import { texts, type CreateReportBody } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database, type Db } from '../../db/database.js';
import { AppError, localized } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { listMessageRows, presentMessages } from '../messages/messages.service.js';
import { pageRanges } from '../../lib/seq-ranges.js';
import { requireTopicReader, visibleRanges } from '../topics/topics.access.js';
import { getBalance, listMessageCharges, postEntry, sumEarningsFromMessages } from '../ledger/ledger.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { recordStatement } from '../decisions/decisions.service.js';
import { reverseEarnings } from '../payouts/earnings.service.js';
import { refundTipsOnUpheldReport } from '../tips/tips.service.js';
import * as repo from './reports.repository.js';
import { type ReportRow } from './reports.table.js';

export const REPORT_SNAPSHOT_SIZE = 20;

/**
 * A member reports the topic or the other person. The last messages are copied
 * into the report now, so later edits or deletions cannot change the evidence.
 */
export async function createReport(deps: { db: Db; clock: Clock }, reporterId: number, body: CreateReportBody) {
  const access = await requireTopicReader(deps.db, reporterId, body.topic_id);
  const { topic } = access;
  let reportedUserId: number | null = null;
  if (body.type === 'user') {
    // Anyone who has been in the topic, the reporter aside; by default the one there now.
    const everyone = (await repo.listEverParticipants(deps.db, topic.id)).filter((p) => p.user_id !== reporterId);
    const current = everyone.find((p) => p.left_at === null) ?? everyone[everyone.length - 1];
    reportedUserId = body.reported_user_id ?? current?.user_id ?? null;
    if (reportedUserId === null || !everyone.some((p) => p.user_id === reportedUserId)) {
      throw new AppError('VALIDATION', texts.reports.failedUser, { reported_user_id: [texts.reports.failedUser] });
    }
  }
  // The evidence is what the reporter could see: the last messages of their own pairings.
  const ranges = visibleRanges(access, reporterId);
  const rows = (await listMessageRows(deps.db, topic.id, pageRanges(ranges, 0, REPORT_SNAPSHOT_SIZE, 'desc'), 'desc')).reverse();
  const snapshot = await presentMessages(deps.db, rows, null, topic.companion_name);
  // Moderators see who wrote what (the real sender ids); the reporter never gets them back.
  const senderIds = new Map(rows.map((r) => [r.id, r.sender_id]));
  const report = await repo.insertReport(deps.db, {
    reporter_id: reporterId,
    topic_id: topic.id,
    reported_user_id: reportedUserId,
    type: body.type,
    reason: body.reason ?? null,
    details: body.details ? body.details : null,
    snapshot: JSON.stringify(
      snapshot.map((m) => ({
        id: m.id,
        sender_id: senderIds.get(m.id) ?? null,
        sender: m.sender,
        sender_kind: m.sender_kind,
        content: m.content,
        attachments: m.attachments,
        created_at: m.created_at,
      })),
    ),
    created_at: deps.clock.now().toISOString(),
  });
  return { id: report.id, type: report.type, topic_id: report.topic_id, status: report.status };
}

export interface ReportDecision {
  report: Pick<ReportRow, 'id' | 'reporter_id' | 'topic_id' | 'reported_user_id'>;
  action: 'dismiss' | 'close_topic' | 'ban_user';
  /** The moderator's reason, told to both sides. */
  note: string | null;
  /** The deciding admin: the statements of reasons name them as the decider (never to the person). */
  actorId: number;
}

/**
 * The money and the notices of a decided report, in the deciding transaction. Upheld: the reporter
 * gets back what they paid for their messages in the conversation with the reported person (each
 * message once, whatever the number of reports upheld), the reported interlocutor's earnings from
 * those messages are reversed (at most their balance), tips to them in the topic likewise, and both are told the outcome and the reason.
 * Dismissed: the reporter is told. Returns the coins refunded and reversed, and the reporter's new balance.
 */
export async function settleDecidedReport(trx: Transaction<Database>, clock: Clock, decision: ReportDecision) {
  const { report, action } = decision;
  const now = clock.now().toISOString();
  const topic = await repo.findReportTopic(trx, report.topic_id);
  const title = topic?.title ?? `#${report.topic_id}`;
  if (action === 'dismiss') {
    await createNotification(trx, {
      userId: report.reporter_id,
      kind: 'report.dismissed',
      title: texts.moderation.dismissedTitle,
      body: localized('moderation.dismissedBody', { topic: title, reason: decision.note ?? '', hasReason: decision.note ? 'yes' : 'no' }),
      dedupeKey: `report:${report.id}:reporter`,
      createdAt: now,
    });
    return { refunded: 0, reversed: 0, balances: [] };
  }

  const reason = decision.note || texts.moderation.defaultReason;
  // The person reported: the one named, else the topic's owner (never the reporter themself).
  const reportedId = report.reported_user_id ?? (topic && topic.user_id !== report.reporter_id ? topic.user_id : null);
  let refunded = 0;
  let reversed = 0;
  const balances: { userId: number; balance: number }[] = [];
  if (topic && reportedId !== null && reportedId !== report.reporter_id) {
    // The conversation with them: the whole topic if they own it, else their seat's seq range.
    const seat = topic.user_id === reportedId ? { from: 0, to: topic.last_seq } : await seatRange(trx, topic, reportedId);
    if (seat) {
      const charges = await listMessageCharges(trx, report.reporter_id, topic.id, seat.from, seat.to);
      const fresh = await repo.insertRefundedMessages(
        trx,
        charges.map((c) => ({ report_id: report.id, message_id: c.messageId, reporter_id: report.reporter_id, amount: c.coins, created_at: now })),
      );
      refunded = fresh.reduce((sum, r) => sum + Number(r.amount), 0);
      if (refunded > 0) {
        // What those messages took from the promotional coins comes back promotional (decision 029).
        const promoOf = new Map(charges.map((c) => [c.messageId, c.promoCoins]));
        const promoAmount = Math.min(
          refunded,
          fresh.reduce((sum, r) => sum + (promoOf.get(Number(r.message_id)) ?? 0), 0),
        );
        const { entry } = await postEntry(trx, clock, {
          userId: report.reporter_id,
          amount: refunded,
          promoAmount,
          kind: 'report_refund',
          idempotencyKey: `report-refund:${report.id}`,
          reference: { type: 'report', id: report.id },
        });
        balances.push({ userId: report.reporter_id, balance: entry.balance_after });
        const earned = await sumEarningsFromMessages(
          trx,
          reportedId,
          fresh.map((r) => Number(r.message_id)),
        );
        if (earned > 0)
          reversed = await reverseEarnings(trx, clock, {
            userId: reportedId,
            coins: earned,
            idempotencyKey: `report-reversal:${report.id}`,
            reason: `report #${report.id} upheld`,
          });
        // Every balance change is pushed (issue 33 #18): the reversed interlocutor's too.
        if (reversed > 0) balances.push({ userId: reportedId, balance: await getBalance(trx, reportedId) });
      }
    }
    // Tips to them in this topic come back with the rest (issue 35 §4), each tip once.
    const tips = await refundTipsOnUpheldReport(trx, clock, { reportId: report.id, payerId: report.reporter_id, recipientId: reportedId, topicId: topic.id });
    refunded += tips.refunded;
    reversed += tips.reversed;
    if (tips.refunded > 0) balances.push({ userId: report.reporter_id, balance: await getBalance(trx, report.reporter_id) });
    if (tips.reversed > 0) balances.push({ userId: reportedId, balance: await getBalance(trx, reportedId) });
  }
  await createNotification(trx, {
    userId: report.reporter_id,
    kind: 'report.upheld',
    title: texts.moderation.upheldTitle,
    body: localized('moderation.upheldBody', { topic: title, action, reason, refunded }),
    link: refunded > 0 ? '/account?tab=history' : null,
    dedupeKey: `report:${report.id}:reporter`,
    createdAt: now,
  });
  // The reported person gets statements of reasons (issue 36 §2): the topic closed (a ban gives its own, in
  // banWithin), and the earnings reversed, each contestable.
  if (reportedId !== null && reportedId !== report.reporter_id) {
    const common = { userId: reportedId, facts: decision.note, decidedBy: decision.actorId, now };
    if (action === 'close_topic')
      await recordStatement(trx, {
        ...common,
        type: 'topic_closed',
        subject: { type: 'topic', id: report.topic_id },
        dedupeKey: `report:${report.id}:topic_closed`,
      });
    if (reversed > 0)
      await recordStatement(trx, {
        ...common,
        type: 'earnings_reversed',
        subject: { type: 'report', id: report.id },
        coins: reversed,
        dedupeKey: `report:${report.id}:earnings_reversed`,
      });
  }
  return { refunded, reversed, balances };
}

/** The reported person's seat in the topic as a seq range (their current or last one). */
async function seatRange(trx: Transaction<Database>, topic: { id: number; last_seq: number }, userId: number) {
  const seat = (await repo.listEverParticipants(trx, topic.id)).filter((p) => p.user_id === userId).pop();
  return seat ? { from: Number(seat.from_seq), to: seat.to_seq === null ? topic.last_seq : Number(seat.to_seq) } : undefined;
}
