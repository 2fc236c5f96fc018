import { type Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.js';

/** The skin store: products, orders paid by card, owned and equipped skins. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('products'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)', (c) => c.notNull())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('look', 'varchar(20)', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('products_kind_look', ['kind', 'look']),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('orders'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
      .addColumn('product_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('vat_percent', 'double precision', (c) => c.notNull())
      .addColumn('vat_cents', 'integer', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(8)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('billing_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('billing_surname', 'varchar(100)', (c) => c.notNull())
      .addColumn('billing_email', 'varchar(254)', (c) => c.notNull())
      .addColumn('billing_phone', 'varchar(32)', (c) => c.notNull())
      .addColumn('billing_country_id', 'integer', (c) => c.notNull())
      .addColumn('billing_city', 'varchar(100)', (c) => c.notNull())
      .addColumn('billing_address', 'varchar(200)', (c) => c.notNull())
      .addColumn('billing_post_code', 'varchar(20)', (c) => c.notNull())
      .addColumn('gateway', 'varchar(16)')
      .addColumn('gateway_session_id', 'varchar(255)')
      .addColumn('failure_message', 'varchar(255)')
      .addColumn('paid_at', 'varchar(30)'),
  ).execute();
  await db.schema.createIndex('orders_user_id').on('orders').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('user_skins'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('user_skins_user_product', ['user_id', 'product_id'])
    .execute();

  // One equipped skin per kind: the primary key says so.
  await db.schema
    .createTable('equipped_skins')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('equipped_skins_pk', ['user_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['equipped_skins', 'user_skins', 'orders', 'products']) await db.schema.dropTable(t).execute();
}
