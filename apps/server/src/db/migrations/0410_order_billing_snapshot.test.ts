import { type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { createUser } from '../../../test/factories.js';
import { down, up } from './0410_order_billing_snapshot.js';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

describe.each(dialects)('migration 0410: one billing snapshot for orders (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  it("moves an existing install's billing columns into the snapshot, and back", async () => {
    const db = ctx.db as unknown as Kysely<unknown>;
    const loose = ctx.db as unknown as Loose;
    const user = await createUser(ctx.db);
    const country = await ctx.db.selectFrom('countries').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    const now = ctx.app.clock.now().toISOString();
    const product = await ctx.db
      .insertInto('products')
      .values({ name: 'Blue bubble', description: '', kind: 'bubble_color', look: 'blue', price_cents: 100, created_at: now, updated_at: now })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await down(db);
    const order = (await loose
      .insertInto('orders')
      .values({
        user_id: user.id,
        product_id: product.id,
        product_name: product.name,
        price_cents: 100,
        vat_percent: 19,
        vat_cents: 19,
        total_cents: 119,
        currency: 'EUR',
        status: 'success',
        billing_name: 'Ada',
        billing_surname: 'Lovelace',
        billing_email: 'ada@example.com',
        billing_phone: '+44 1',
        billing_country_id: country.id,
        billing_city: 'London',
        billing_address: '12 St James’s Square',
        billing_post_code: 'SW1Y 4JH',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };

    await up(db);
    const row = await ctx.db.selectFrom('orders').select('billing').where('id', '=', Number(order.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(row.billing)).toEqual({
      name: 'Ada',
      surname: 'Lovelace',
      phone: '+44 1',
      email: 'ada@example.com',
      city: 'London',
      address: '12 St James’s Square',
      postCode: 'SW1Y 4JH',
      country: { id: country.id, title: country.title },
    });

    // Down again restores the columns from the snapshot; up leaves the schema as the code expects it.
    await down(db);
    const back = await loose
      .selectFrom('orders')
      .select(['billing_name', 'billing_country_id', 'billing_post_code'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(back).toEqual({ billing_name: 'Ada', billing_country_id: country.id, billing_post_code: 'SW1Y 4JH' });
    await up(db);
  });
});
