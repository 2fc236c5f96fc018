import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Two-factor sign-in with TOTP (issue 15). The secret is sealed at rest (lib/secret-box, bound to
 * the user); `totp_pending_secret` holds one being enrolled until the first code proves it.
 * `totp_last_step` is the last accepted 30-second step: a code is accepted once (RFC 6238 §5.2).
 * Recovery codes are stored as SHA-256 hashes and used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(255)').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'varchar(255)').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'varchar(30)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('totp_last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_hash').on('recovery_codes').columns(['user_id', 'code_hash']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  for (const name of ['totp_secret', 'totp_pending_secret', 'totp_enabled_at', 'totp_last_step'])
    await db.schema.alterTable('users').dropColumn(name).execute();
}
