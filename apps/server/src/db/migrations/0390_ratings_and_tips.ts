import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Ratings and tips (issue 35 §3–§4). A pairing is the seat of the person who joined a human topic
 * (`topic_participants.id`): `pairing_ratings` holds each side's one rating of it (unique per pairing and
 * rater). `rating_aggregates` is what the rated person and matching read: recomputed once a day by the
 * `ratings.aggregate` job from ratings made before that day, so no single rating shows up on its own.
 * `tips` holds each tip (unique per payer and client key: a retry tips once), the promotional part of its
 * spend and the share credited, and the report that refunded it (set once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('pairing_ratings'))
    .addColumn('pairing_id', 'integer', (c) => c.notNull().references('topic_participants.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('rater_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rated_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(1000)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pairing_ratings_once').on('pairing_ratings').columns(['pairing_id', 'rater_id']).unique().execute();
  await db.schema.createIndex('pairing_ratings_rated').on('pairing_ratings').columns(['rated_id', 'created_at']).execute();
  await db.schema.createIndex('pairing_ratings_topic').on('pairing_ratings').column('topic_id').execute();

  await db.schema
    .createTable('rating_aggregates')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('ratings_count', 'integer', (c) => c.notNull())
    .addColumn('stars_total', 'integer', (c) => c.notNull())
    .addColumn('computed_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('tips'))
    .addColumn('payer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('client_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('promo_coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('earned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_report_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tips_client_key').on('tips').columns(['payer_id', 'client_key']).unique().execute();
  await db.schema.createIndex('tips_pairing').on('tips').columns(['topic_id', 'payer_id', 'recipient_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tips').execute();
  await db.schema.dropTable('rating_aggregates').execute();
  await db.schema.dropTable('pairing_ratings').execute();
}
