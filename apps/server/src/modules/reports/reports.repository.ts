import { type DbOrTrx } from '../../db/database.js';

export function insertReport(
  db: DbOrTrx,
  report: {
    reporter_id: number;
    topic_id: number;
    reported_user_id: number | null;
    type: 'topic' | 'user';
    reason: string | null;
    details: string | null;
    snapshot: string;
    created_at: string;
  },
) {
  return db
    .insertInto('reports')
    .values({ ...report, status: 'open', resolved_at: null, resolved_by: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Everyone who has had a seat in the topic (owner included), in joining order. */
export function listEverParticipants(db: DbOrTrx, topicId: number) {
  return db.selectFrom('topic_participants').select(['user_id', 'left_at', 'from_seq', 'to_seq']).where('topic_id', '=', topicId).orderBy('id').execute();
}

export function findReportTopic(db: DbOrTrx, topicId: number) {
  return db.selectFrom('topics').select(['id', 'title', 'user_id', 'chat_mode', 'last_seq']).where('id', '=', topicId).executeTakeFirst();
}

/** Records the refunded messages; returns those not refunded before (a message is refunded once). */
export async function insertRefundedMessages(
  db: DbOrTrx,
  rows: { report_id: number; message_id: number; reporter_id: number; amount: number; created_at: string }[],
): Promise<{ message_id: number; amount: number }[]> {
  const fresh: { message_id: number; amount: number }[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await db
      .insertInto('moderation_refunds')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.column('message_id').doNothing())
      .returning(['message_id', 'amount'])
      .execute();
    fresh.push(...inserted);
  }
  return fresh;
}
