import { type Insertable, sql } from 'kysely';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { type CrisisConfigTable } from './crisis.table.js';

const CONFIG_ID = 1;

export function findCrisisConfig(db: DbOrTrx) {
  return db.selectFrom('crisis_config').selectAll().where('id', '=', CONFIG_ID).executeTakeFirst();
}

export type CrisisConfigValues = Omit<Insertable<CrisisConfigTable>, 'id'>;

export async function upsertCrisisConfig(db: DbOrTrx, values: CrisisConfigValues) {
  await db
    .insertInto('crisis_config')
    .values({ id: CONFIG_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** The writer's country (ISO code) and language (code) from their account; nulls when unset. */
export async function findUserLocale(db: DbOrTrx, userId: number): Promise<{ country: string | null; language: string | null }> {
  const row = await db
    .selectFrom('users')
    .leftJoin('countries', 'countries.id', 'users.country_id')
    .leftJoin('languages', 'languages.id', 'users.language_id')
    .select(['countries.iso as country', 'languages.code as language'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return { country: row?.country ?? null, language: row?.language ?? null };
}

/** Counts one more flagged message on the topic's open flag, or opens one. */
export async function flagTopic(db: Db, topicId: number, source: 'offline' | 'endpoint', now: string) {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('crisis_flags')
      .set({ messages_count: sql<number>`messages_count + 1`, last_at: now })
      .where('topic_id', '=', topicId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    await trx.insertInto('crisis_flags').values({ topic_id: topicId, source, first_at: now, last_at: now }).execute();
  });
}

/** Open flags first, each group newest first; with the topic's title. */
export function listCrisisFlags(db: DbOrTrx, status: 'open' | 'handled' | undefined, limit: number) {
  let query = db
    .selectFrom('crisis_flags')
    .innerJoin('topics', 'topics.id', 'crisis_flags.topic_id')
    .select([
      'crisis_flags.id',
      'crisis_flags.topic_id',
      'topics.title as topic_title',
      'crisis_flags.status',
      'crisis_flags.source',
      'crisis_flags.messages_count',
      'crisis_flags.first_at',
      'crisis_flags.last_at',
      'crisis_flags.handled_at',
    ]);
  if (status) query = query.where('crisis_flags.status', '=', status);
  return query
    .orderBy(sql`case when crisis_flags.status = 'open' then 0 else 1 end`)
    .orderBy('crisis_flags.last_at', 'desc')
    .orderBy('crisis_flags.id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks an open flag handled; undefined when it was not open. */
export function markCrisisFlagHandled(db: DbOrTrx, id: number, adminId: number, now: string) {
  return db
    .updateTable('crisis_flags')
    .set({ status: 'handled', handled_at: now, handled_by: adminId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning(['id', 'topic_id'])
    .executeTakeFirst();
}

export async function setModerationKeySealed(db: DbOrTrx, sealed: string) {
  await db.updateTable('crisis_config').set({ moderation_key_sealed: sealed }).where('id', '=', CONFIG_ID).execute();
}
