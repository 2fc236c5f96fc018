import { type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Passkeys (WebAuthn, issue 36 §3). `passkeys` holds each credential's public key (COSE, base64url),
 * its signature counter and the name its owner gave it. `passkey_challenges` holds each ceremony's
 * challenge, single-use and short-lived, bound to the session (registration) or to the attempt's
 * secret (sign-in, stored as a hash). `users.passkey_count` lets the two-factor guards read the
 * user row they already have instead of counting passkeys on each request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('passkeys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('device_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('passkeys_credential_id').on('passkeys').column('credential_id').unique().execute();
  await db.schema.createIndex('passkeys_user_id').on('passkeys').column('user_id').execute();

  await withId(db, db.schema.createTable('passkey_challenges'))
    .addColumn('challenge', 'varchar(128)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('binding_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('passkey_challenges_binding').on('passkey_challenges').columns(['binding_hash', 'kind']).execute();
  await db.schema.createIndex('passkey_challenges_expires').on('passkey_challenges').column('expires_at').execute();

  await db.schema
    .alterTable('users')
    .addColumn('passkey_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('passkey_count').execute();
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
