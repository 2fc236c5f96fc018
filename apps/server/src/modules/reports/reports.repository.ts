import { type DbOrTrx } from '../../db/database.js';

export function insertReport(
  db: DbOrTrx,
  report: { reporter_id: number; topic_id: number; reported_user_id: number | null; type: 'topic' | 'user'; snapshot: string; created_at: string },
) {
  return db
    .insertInto('reports')
    .values({ ...report, status: 'open', resolved_at: null, resolved_by: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Everyone who has had a seat in the topic (owner included), in joining order. */
export function listEverParticipants(db: DbOrTrx, topicId: number) {
  return db.selectFrom('topic_participants').select(['user_id', 'left_at']).where('topic_id', '=', topicId).orderBy('id').execute();
}
