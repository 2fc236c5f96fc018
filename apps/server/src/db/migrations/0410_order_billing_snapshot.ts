import { type Kysely } from 'kysely';

/**
 * One billing snapshot for every payable (issue 37 §4, decision 035g): store orders keep the billing
 * details given at checkout as the same JSON text deposits have had since 0040 (`billing`), instead of
 * eight `billing_*` columns. Existing orders are migrated: their columns become the snapshot, with the
 * country's title as it is now (receipts already printed keep their own copy). `down` restores the columns.
 */
const COLUMNS = [
  'billing_name',
  'billing_surname',
  'billing_email',
  'billing_phone',
  'billing_country_id',
  'billing_city',
  'billing_address',
  'billing_post_code',
];
const BATCH = 500;

interface OldOrder {
  id: number;
  billing_name: string;
  billing_surname: string;
  billing_email: string;
  billing_phone: string;
  billing_country_id: number;
  billing_city: string;
  billing_address: string;
  billing_post_code: string;
  country_title: string | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('billing', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  const any = db as Kysely<Record<string, Record<string, unknown>>>;
  for (let after = 0; ;) {
    const rows = (await any
      .selectFrom('orders')
      .leftJoin('countries', 'countries.id', 'orders.billing_country_id')
      .select(['orders.id', ...COLUMNS.map((c) => `orders.${c}`), 'countries.title as country_title'])
      .where('orders.id', '>', after)
      .orderBy('orders.id')
      .limit(BATCH)
      .execute()) as unknown as OldOrder[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const billing = {
        name: row.billing_name,
        surname: row.billing_surname,
        phone: row.billing_phone,
        email: row.billing_email,
        city: row.billing_city,
        address: row.billing_address,
        postCode: row.billing_post_code,
        country: { id: Number(row.billing_country_id), title: row.country_title ?? '' },
      };
      await any
        .updateTable('orders')
        .set({ billing: JSON.stringify(billing) })
        .where('id', '=', row.id)
        .execute();
    }
    after = Number(rows[rows.length - 1]!.id);
  }
  for (const column of COLUMNS) await db.schema.alterTable('orders').dropColumn(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) {
    const type = column === 'billing_country_id' ? 'integer' : 'varchar(254)';
    await db.schema
      .alterTable('orders')
      .addColumn(column, type, (c) => c.notNull().defaultTo(column === 'billing_country_id' ? 0 : ''))
      .execute();
  }
  const any = db as Kysely<Record<string, Record<string, unknown>>>;
  const rows = (await any.selectFrom('orders').select(['id', 'billing']).execute()) as { id: number; billing: string }[];
  for (const row of rows) {
    const b = JSON.parse(row.billing) as Record<string, unknown> & { country?: { id?: number } | null };
    await any
      .updateTable('orders')
      .set({
        billing_name: b.name ?? '',
        billing_surname: b.surname ?? '',
        billing_email: b.email ?? '',
        billing_phone: b.phone ?? '',
        billing_country_id: b.country?.id ?? 0,
        billing_city: b.city ?? '',
        billing_address: b.address ?? '',
        billing_post_code: b.postCode ?? '',
      })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.alterTable('orders').dropColumn('billing').execute();
}
