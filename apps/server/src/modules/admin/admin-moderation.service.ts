import { texts, type ReportActionBody } from '@parley/contracts';
import { AppError } from '../../lib/app-error.js';
import { type EventBus } from '../../lib/event-bus.js';
import { recordAudit } from '../audit/audit.service.js';
import { type AdminActor, audited } from './admin-audit.js';
import { type ListOptions, paginate } from './admin-list.js';
import * as repo from './admin-moderation.repository.js';
import { banWithin } from './admin-users.service.js';
import { settleDecidedReport } from '../reports/reports.service.js';
import { recordStatement } from '../decisions/decisions.service.js';

const topicSort = {
  id: 'topics.id',
  created_at: 'topics.created_at',
  updated_at: 'topics.updated_at',
  title: 'topics.title',
  participants_count: 'topics.participants_count',
};
const reportSort = { id: 'reports.id', created_at: 'reports.created_at', status: 'reports.status' };

const parseSnapshot = (snapshot: string): unknown => {
  try {
    return JSON.parse(snapshot);
  } catch {
    return snapshot;
  }
};

export async function listTopics(actor: AdminActor, query: ListOptions & repo.TopicFilter) {
  const page = await paginate(actor.db, repo.selectTopics(actor.db, query), { ...query, sort: query.sort ?? 'id' }, topicSort, 'topics.id');
  return { ...page, items: page.items.map((t) => ({ ...t, is_closed: t.is_closed === 1 })) };
}

export async function getTopic(actor: AdminActor, id: number) {
  const topic = await repo.findTopic(actor.db, id);
  if (!topic) throw new AppError('NOT_FOUND', texts.chat.topicNotFound);
  const [participants, messages] = await Promise.all([repo.listTopicParticipants(actor.db, id), repo.listRecentMessages(actor.db, id, 50)]);
  return { ...topic, is_closed: topic.is_closed === 1, is_highlighted: topic.is_highlighted === 1, participants, messages: messages.reverse() };
}

/** Closes a topic for everyone in it; the sockets hear `topic.closed`. Closing a closed topic changes nothing. */
export async function closeTopic(actor: AdminActor, bus: EventBus, id: number, reason?: string) {
  const result = await audited(actor, 'topic.close', 'topic', async (trx) => {
    const before = await repo.findTopic(trx, id);
    if (!before) throw new AppError('NOT_FOUND', texts.chat.topicNotFound);
    const now = actor.clock.now().toISOString();
    const closed = await repo.closeOpenTopic(trx, id, now);
    // Everyone who was in the topic when it closed gets the statement of reasons (issue 36 §2).
    if (closed)
      for (const person of (await repo.listTopicParticipants(trx, id)).filter((p) => p.left_at === null))
        await recordStatement(trx, {
          userId: person.id,
          type: 'topic_closed',
          subject: { type: 'topic', id },
          facts: reason ?? null,
          decidedBy: actor.actorId,
          dedupeKey: `topic-closed:${id}:${person.id}`,
          now,
        });
    return {
      subjectId: id,
      before: { is_closed: before.is_closed === 1 },
      after: { is_closed: true, reason: reason ?? null },
      result: { id, is_closed: true, changed: closed !== undefined },
    };
  });
  if (result.changed) await bus.publish({ type: 'topic.closed', topicId: id, by: 'moderator' }).catch(() => undefined);
  return result;
}

export async function listReports(actor: AdminActor, query: ListOptions & { q?: string; status?: 'open' | 'resolved' | 'dismissed'; type?: 'topic' | 'user' }) {
  const page = await paginate(actor.db, repo.selectReports(actor.db, query), { ...query, sort: query.sort ?? 'id' }, reportSort, 'reports.id');
  return { ...page, items: page.items.map((r) => ({ ...r, topic_is_closed: r.topic_is_closed === 1, snapshot: parseSnapshot(r.snapshot) })) };
}

/**
 * Decides an open report: dismiss it, close its topic, or ban the reported user
 * (for a topic report, the topic's owner). The report is marked resolved (or
 * dismissed) in the same transaction as the action; a report decided twice is a conflict.
 */
export async function actOnReport(actor: AdminActor, bus: EventBus, reportId: number, body: ReportActionBody) {
  const now = actor.clock.now().toISOString();
  const outcome = await actor.db.transaction().execute(async (trx) => {
    const report = await repo.findReport(trx, reportId);
    if (!report) throw new AppError('NOT_FOUND', texts.admin.notFound);
    const decided = await repo.decideOpenReport(trx, reportId, body.action === 'dismiss' ? 'dismissed' : 'resolved', now, actor.actorId);
    if (!decided) throw new AppError('CONFLICT', texts.admin.reportDecided);
    let closedTopic = false;
    let bannedUserId: number | null = null;
    if (body.action === 'close_topic') {
      closedTopic = (await repo.closeOpenTopic(trx, report.topic_id, now)) !== undefined;
      await recordAudit(trx, actor.clock, {
        actorId: actor.actorId,
        action: 'topic.close',
        subjectType: 'topic',
        subjectId: report.topic_id,
        before: { is_closed: !closedTopic },
        after: { is_closed: true, report_id: reportId },
      });
    }
    if (body.action === 'ban_user') {
      const topic = await repo.findTopic(trx, report.topic_id);
      bannedUserId = report.reported_user_id ?? topic?.user_id ?? null;
      if (bannedUserId === null) throw new AppError('CONFLICT', texts.admin.userNotFound);
      await banWithin(trx, actor, bannedUserId, body.note ?? `report #${reportId}`, reportId);
    }
    const settled = await settleDecidedReport(trx, actor.clock, { report, action: body.action, note: body.note ?? null, actorId: actor.actorId });
    await recordAudit(trx, actor.clock, {
      actorId: actor.actorId,
      action: `report.${body.action}`,
      subjectType: 'report',
      subjectId: reportId,
      before: { status: report.status },
      after: {
        status: decided.status,
        note: body.note ?? null,
        topic_id: report.topic_id,
        banned_user_id: bannedUserId,
        refunded: settled.refunded,
        reversed: settled.reversed,
      },
    });
    return {
      report: { ...decided, snapshot: parseSnapshot(decided.snapshot), refunded: settled.refunded, reversed: settled.reversed },
      closedTopic,
      bannedUserId,
      balances: settled.balances,
    };
  });
  if (outcome.closedTopic) await bus.publish({ type: 'topic.closed', topicId: outcome.report.topic_id, by: 'moderator' }).catch(() => undefined);
  if (outcome.bannedUserId !== null) await bus.publish({ type: 'session.ended', userId: outcome.bannedUserId }).catch(() => undefined);
  for (const { userId, balance } of outcome.balances) await bus.publish({ type: 'balance', userId, balance }).catch(() => undefined);
  return outcome.report;
}
