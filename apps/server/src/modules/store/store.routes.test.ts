import { texts, type Product, type SkinsPayload } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { getEquippedLook } from './skins.service.js';
import * as repo from './store.repository.js';
import { seedProducts } from './store.seed.js';

type Page<T> = { data: T[]; meta: { total: number; current_page: number; last_page: number } };

describe.each(dialects)('store catalog and skins on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock();
  let products: Product[];
  const byLook = (look: string) => products.find((p) => p.look === look)!;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock } });
    await seedProducts(ctx.db, clock);
    await seedProducts(ctx.db, clock); // idempotent
    const all = await new TestClient(ctx.app).get<Page<Product>>('/api/products?per_page=100');
    products = all.body.payload.data;
  });
  afterAll(() => ctx.close());

  /** Gives a skin as a fulfilled order would (the payment path is covered in store.payments.test.ts). */
  const grant = (userId: number, productId: number) =>
    repo.grantSkin(ctx.db, { user_id: userId, product_id: productId, order_id: null, created_at: clock.now().toISOString() });

  it('lists a seeded catalog of at least 12 skins, paginated, with EUR prices and previews', async () => {
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(new Set(products.map((p) => `${p.kind}:${p.look}`)).size).toBe(products.length);
    for (const look of ['blue', 'red', 'purple', 'bold', 'normal', 'italic']) expect(byLook(look)).toBeDefined();

    const page = await new TestClient(ctx.app).get<Page<Product>>('/api/products?page=2&per_page=5');
    expect(page.body.payload.data).toHaveLength(5);
    expect(page.body.payload.meta).toMatchObject({ current_page: 2, total: products.length, last_page: Math.ceil(products.length / 5) });

    const styles = await new TestClient(ctx.app).get<Page<Product>>('/api/products?kind=text_style');
    expect(styles.body.payload.data.map((p) => p.look).sort()).toEqual(['bold', 'italic', 'normal']);

    const blue = await new TestClient(ctx.app).get<Product>(`/api/products/${byLook('blue').id}`);
    expect(blue.body.payload).toMatchObject({
      kind: 'bubble_color',
      look: 'blue',
      currency: 'EUR',
      is_owned: false,
      image_url: `/api/products/${byLook('blue').id}/preview.svg`,
    });
    expect(blue.body.payload.price).toBe(blue.body.payload.price_cents / 100);

    expect((await new TestClient(ctx.app).get('/api/products/999999')).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get('/api/products/abc')).statusCode).toBe(422);
  });

  it('serves an SVG preview without scripts', async () => {
    const response = await new TestClient(ctx.app).get(`/api/products/${byLook('purple').id}/preview.svg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const svg = response.raw.body;
    expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('#7c3aed');
    expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    const bold = await new TestClient(ctx.app).get(`/api/products/${byLook('bold').id}/preview.svg`);
    expect(bold.raw.body).toContain('font-weight="700"');
    expect((await new TestClient(ctx.app).get('/api/products/999999/preview.svg')).statusCode).toBe(404);
  });

  it('hides inactive products from the catalog but keeps them for their owners', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    const mint = byLook('mint');
    await grant(user.id, mint.id);
    await ctx.db.updateTable('products').set({ is_active: 0 }).where('id', '=', mint.id).execute();
    try {
      const list = await new TestClient(ctx.app).get<Page<Product>>('/api/products?per_page=100');
      expect(list.body.payload.data.map((p) => p.id)).not.toContain(mint.id);
      expect((await new TestClient(ctx.app).get(`/api/products/${mint.id}`)).statusCode).toBe(404);
      expect((await client.get<Product>(`/api/products/${mint.id}`)).body.payload).toMatchObject({ is_owned: true, is_active: false });
    } finally {
      await ctx.db.updateTable('products').set({ is_active: 1 }).where('id', '=', mint.id).execute();
    }
  });

  it('equips one owned skin per kind, unequips, and refuses a skin not owned', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    expect(await getEquippedLook(ctx.db, user.id)).toBeNull();

    const notOwned = await client.post('/api/skins/equip', { product_id: byLook('red').id });
    expect(notOwned.statusCode).toBe(403);
    expect(notOwned.body).toMatchObject({ status: 'ERROR', message: texts.store.skinNotOwned });
    expect(await getEquippedLook(ctx.db, user.id)).toBeNull();
    expect((await client.post('/api/skins/equip', { product_id: 999999 })).statusCode).toBe(404);
    expect((await client.post('/api/skins/equip', {})).statusCode).toBe(422);

    for (const look of ['red', 'purple', 'bold']) await grant(user.id, byLook(look).id);
    await client.post('/api/skins/equip', { product_id: byLook('red').id });
    await client.post('/api/skins/equip', { product_id: byLook('bold').id });
    const swapped = await client.post<SkinsPayload>('/api/skins/equip', { product_id: byLook('purple').id });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.body.payload.equipped).toEqual({ bubble_color: byLook('purple').id, text_style: byLook('bold').id });
    expect(swapped.body.payload.look).toEqual({ bubble_color: 'purple', text_style: 'bold' });
    expect(
      swapped.body.payload.owned
        .filter((s) => s.is_equipped)
        .map((s) => s.look)
        .sort(),
    ).toEqual(['bold', 'purple']);
    expect(await getEquippedLook(ctx.db, user.id)).toEqual({ bubble_color: 'purple', text_style: 'bold' });

    const listed = await client.get<SkinsPayload>('/api/skins');
    expect(listed.body.payload.owned.map((s) => s.look).sort()).toEqual(['bold', 'purple', 'red']);

    const unequipped = await client.post<SkinsPayload>('/api/skins/unequip', { kind: 'text_style' });
    expect(unequipped.body.payload.equipped).toEqual({ bubble_color: byLook('purple').id, text_style: null });
    expect(await getEquippedLook(ctx.db, user.id)).toEqual({ bubble_color: 'purple' });
    expect((await client.post('/api/skins/unequip', { kind: 'hat' })).statusCode).toBe(422);

    // Someone else's skins are theirs alone.
    const other = await createSignedInUser(ctx.app);
    expect((await other.client.post('/api/skins/equip', { product_id: byLook('purple').id })).statusCode).toBe(403);
    expect((await other.client.get<SkinsPayload>('/api/skins')).body.payload.owned).toEqual([]);
  });

  it('requires sign-in for skins, orders, transactions and checkout', async () => {
    const guest = new TestClient(ctx.app);
    for (const url of ['/api/skins', '/api/orders', '/api/transactions', '/api/checkout/prefill', '/api/orders/1/status']) {
      expect((await guest.get(url)).statusCode, url).toBe(401);
    }
    expect((await guest.post('/api/skins/equip', { product_id: byLook('red').id })).statusCode).toBe(401);
    expect((await guest.post(`/api/checkout/${byLook('red').id}`, {})).statusCode).toBe(401);
  });
});
