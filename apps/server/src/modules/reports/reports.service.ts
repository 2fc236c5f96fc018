import { texts, type CreateReportBody } from '@parley/contracts';
import { type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { toMessages } from '../messages/messages.mapper.js';
import { listMessageRows } from '../messages/messages.service.js';
import { pageRanges } from '../../lib/seq-ranges.js';
import { requireTopicReader, visibleRanges } from '../topics/topics.access.js';
import * as repo from './reports.repository.js';

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
  const snapshot = await toMessages(deps.db, rows, null, topic.companion_name);
  // Moderators see who wrote what (the real sender ids); the reporter never gets them back.
  const senderIds = new Map(rows.map((r) => [r.id, r.sender_id]));
  const report = await repo.insertReport(deps.db, {
    reporter_id: reporterId,
    topic_id: topic.id,
    reported_user_id: reportedUserId,
    type: body.type,
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
