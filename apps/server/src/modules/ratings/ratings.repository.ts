import { type DbOrTrx } from '../../db/database.js';
import { type PairingRatingRow } from './ratings.table.js';

/** A topic's owner and mode, and every seat ever taken in it (owner included), in joining order. */
export async function findTopicSeats(db: DbOrTrx, topicId: number) {
  const topic = await db.selectFrom('topics').select(['id', 'user_id', 'chat_mode', 'is_closed']).where('id', '=', topicId).executeTakeFirst();
  if (!topic) return undefined;
  const seats = await db
    .selectFrom('topic_participants')
    .innerJoin('users', 'users.id', 'topic_participants.user_id')
    .select(['topic_participants.id', 'topic_participants.user_id', 'topic_participants.left_at', 'users.is_contributor'])
    .where('topic_participants.topic_id', '=', topicId)
    .orderBy('topic_participants.id')
    .execute();
  return { topic, seats };
}

export function findIsContributor(db: DbOrTrx, userId: number) {
  return db.selectFrom('users').select('is_contributor').where('id', '=', userId).executeTakeFirst();
}

/** The rating, unless this rater rated this pairing before (then nothing: the unique index keeps the first). */
export function insertRating(db: DbOrTrx, row: Omit<PairingRatingRow, 'id'>) {
  return db
    .insertInto('pairing_ratings')
    .values(row)
    .onConflict((oc) => oc.columns(['pairing_id', 'rater_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findRating(db: DbOrTrx, pairingId: number, raterId: number) {
  return db.selectFrom('pairing_ratings').selectAll().where('pairing_id', '=', pairingId).where('rater_id', '=', raterId).executeTakeFirst();
}

/** The rater's newest rating (server-side only: matching's 'talk again'). */
export function findLatestRatingBy(db: DbOrTrx, raterId: number) {
  return db
    .selectFrom('pairing_ratings')
    .select(['rated_id', 'stars', 'created_at'])
    .where('rater_id', '=', raterId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findAggregate(db: DbOrTrx, userId: number) {
  return db.selectFrom('rating_aggregates').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function listAggregates(db: DbOrTrx, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('rating_aggregates').selectAll().where('user_id', 'in', userIds).execute();
}

/** The latest computation time (one value for every row: they are computed together). */
export function findLastComputedAt(db: DbOrTrx) {
  return db
    .selectFrom('rating_aggregates')
    .select((eb) => eb.fn.max('computed_at').as('at'))
    .executeTakeFirst();
}

/** Every person's aggregate recomputed from the ratings made before `before`, in the caller's transaction. */
export async function replaceAggregates(db: DbOrTrx, before: string, computedAt: string) {
  await db.deleteFrom('rating_aggregates').execute();
  await db
    .insertInto('rating_aggregates')
    .columns(['user_id', 'ratings_count', 'stars_total', 'computed_at'])
    .expression(
      db
        .selectFrom('pairing_ratings')
        .select((eb) => [
          'rated_id',
          eb.fn.countAll<number>().as('ratings_count'),
          eb.fn.sum<number>('stars').as('stars_total'),
          eb.val(computedAt).as('computed_at'),
        ])
        .where('created_at', '<', before)
        .groupBy('rated_id'),
    )
    .execute();
}

/** Admin moderation: ratings with both people's account name and email, newest first. */
export function listRatingsForAdmin(db: DbOrTrx, topicId: number | undefined, limit: number) {
  let query = db
    .selectFrom('pairing_ratings')
    .innerJoin('users as rater', 'rater.id', 'pairing_ratings.rater_id')
    .innerJoin('users as rated', 'rated.id', 'pairing_ratings.rated_id')
    .select([
      'pairing_ratings.id',
      'pairing_ratings.pairing_id',
      'pairing_ratings.topic_id',
      'pairing_ratings.stars',
      'pairing_ratings.text',
      'pairing_ratings.created_at',
      'rater.id as rater_id',
      'rater.name as rater_name',
      'rater.email as rater_email',
      'rated.id as rated_id',
      'rated.name as rated_name',
      'rated.email as rated_email',
    ])
    .orderBy('pairing_ratings.id', 'desc')
    .limit(limit);
  if (topicId !== undefined) query = query.where('pairing_ratings.topic_id', '=', topicId);
  return query.execute();
}
