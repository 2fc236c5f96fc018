import { sql, type Kysely } from 'kysely';

/**
 * The topics index read in page order (issue 38, decision 034g): each page segment of
 * topics-index.repository.ts walks one of these newest first and stops after a page.
 * - topics_open_room_highlighted: a room's open highlighted topics (the first segment);
 *   the rest of a room walks topics_room_open (room_id, is_closed, id) from 0003.
 * - topics_open_all / topics_open_all_highlighted: the same across rooms ("All"), partial on
 *   room_id is not null, so room-less private AI chats are never walked over.
 * - topic_participants_in_now: the partner in a topic now, without the rows of earlier partners.
 * Indexes only: the counts shown (participants_count) are columns kept by the join and leave writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('topics_open_room_highlighted').on('topics').columns(['room_id', 'is_closed', 'is_highlighted', 'id']).execute();
  await db.schema.createIndex('topics_open_all').on('topics').columns(['is_closed', 'id']).where(sql.ref('room_id'), 'is not', null).execute();
  await db.schema
    .createIndex('topics_open_all_highlighted')
    .on('topics')
    .columns(['is_closed', 'is_highlighted', 'id'])
    .where(sql.ref('room_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('topic_participants_in_now')
    .on('topic_participants')
    .columns(['topic_id', 'user_id'])
    .where(sql.ref('left_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['topic_participants_in_now', 'topics_open_all_highlighted', 'topics_open_all', 'topics_open_room_highlighted'])
    await db.schema.dropIndex(name).execute();
}
