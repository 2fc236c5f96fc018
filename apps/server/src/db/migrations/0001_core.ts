import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('users'))
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('surname', 'varchar(100)')
      .addColumn('phone', 'varchar(32)')
      .addColumn('phone_country_code', 'varchar(8)')
      .addColumn('phone_national_number', 'varchar(32)')
      .addColumn('avatar_color', 'varchar(32)', (c) => c.notNull().defaultTo('deep-blue'))
      .addColumn('country_id', 'integer')
      .addColumn('city', 'varchar(100)')
      .addColumn('address', 'varchar(200)')
      .addColumn('zip', 'varchar(20)')
      .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
      .addColumn('is_contributor', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('channel_expire_at', 'varchar(30)')
      .addColumn('email_verified_at', 'varchar(30)')
      .addColumn('banned_at', 'varchar(30)')
      .addCheckConstraint('users_balance_non_negative', sql`balance >= 0`),
  ).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('email_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('mails'))
    .addColumn('to', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('languages'))
    .addColumn('code', 'varchar(8)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('localizations'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id').onDelete('cascade'))
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addUniqueConstraint('localizations_language_key', ['language_id', 'key'])
    .execute();

  await withId(db, db.schema.createTable('currencies'))
    .addColumn('code', 'varchar(8)', (c) => c.notNull().unique())
    .addColumn('symbol', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('countries'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('iso', 'varchar(2)', (c) => c.notNull().unique())
    .addColumn('dial_code', 'varchar(8)', (c) => c.notNull())
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('static_pages'))
      .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('is_terms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_privacy', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_buyer_terms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_seller_terms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_cookie', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withId(db, db.schema.createTable('faqs'))
    .addColumn('question', 'varchar(500)', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('social_links'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('link', 'varchar(500)', (c) => c.notNull())
    .addColumn('img', 'varchar(500)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('rooms'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('border_color', 'varchar(32)', (c) => c.notNull().defaultTo('purple'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('bundles'))
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('ledger_entries'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('reference_type', 'varchar(32)')
    .addColumn('reference_id', 'varchar(64)')
    .addColumn('idempotency_key', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(255)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_user_id').on('ledger_entries').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(32)')
    .addColumn('subject_id', 'varchar(64)')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'audit_log',
    'ledger_entries',
    'bundles',
    'rooms',
    'social_links',
    'faqs',
    'static_pages',
    'countries',
    'currencies',
    'localizations',
    'languages',
    'settings',
    'mails',
    'email_tokens',
    'sessions',
    'users',
  ])
    await db.schema.dropTable(t).execute();
}
