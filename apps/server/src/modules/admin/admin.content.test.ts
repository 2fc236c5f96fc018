import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';

type Record_ = Record<string, unknown> & { id: number };

describe.each(dialects)('admin content on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  let adminId: number;
  const publicClient = () => new TestClient(ctx.app);
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const signedIn = await createSignedInUser(ctx.app, { role: 'admin' });
    admin = signedIn.client;
    adminId = signedIn.user.id;
  });
  afterAll(() => ctx.close());

  it('a settings change is seen by the next public /api/settings call, and audited with before/after', async () => {
    const saved = await admin.put('/api/admin/settings', { new_topic_cost: 77, companion_name: 'Nova', requisites: ['A OÜ', 'Reg 1', 'Street 1'] });
    expect(saved.statusCode).toBe(200);
    const seen = await publicClient().get<Record<string, unknown>>('/api/settings');
    expect(seen.body.payload).toMatchObject({ new_topic_cost: 77, companion_name: 'Nova', requisites: ['A OÜ', 'Reg 1', 'Street 1'] });
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(adminId);
    expect(JSON.parse(audit.before!)).toMatchObject({ new_topic_cost: 50, companion_name: 'Mia' });
    expect(JSON.parse(audit.after!)).toMatchObject({ new_topic_cost: 77, companion_name: 'Nova' });
  });

  it('refuses invalid settings with field errors and saves nothing of them', async () => {
    const before = await publicClient().get<Record<string, unknown>>('/api/settings');
    const bad = await admin.put('/api/admin/settings', {
      vat_percent: 150,
      support_email: 'nope',
      requisites: ['only one'],
      initial_points: -1,
      max_channel_topics: 5.5,
      min_top_up_amount: 9,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(
      expect.arrayContaining(['vat_percent', 'support_email', 'requisites', 'initial_points', 'max_channel_topics']),
    );
    const crossed = await admin.put('/api/admin/settings', { bot_reply_interval_min: 30, bot_reply_interval_max: 5 });
    expect(crossed.statusCode).toBe(422);
    expect(crossed.body.errors?.bot_reply_interval_max).toBeDefined();
    const after = await publicClient().get<Record<string, unknown>>('/api/settings');
    expect(after.body.payload).toEqual(before.body.payload);
  });

  it('sanitizes static page and FAQ HTML on write: script and event handlers come back inert', async () => {
    const payload = '<p>Hello<img src="https://x.test/a.png" onerror="alert(1)"></p><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
    const created = await admin.post<Record_>('/api/admin/static-pages', { slug: 'about-us', title: 'About', content: payload });
    expect(created.statusCode).toBe(200);
    const stored = await ctx.db.selectFrom('static_pages').select('content').where('slug', '=', 'about-us').executeTakeFirstOrThrow();
    for (const content of [stored.content, String((await publicClient().get<{ content: string }>('/api/static-pages/about-us')).body.payload.content)]) {
      expect(content).toContain('<p>Hello<img src="https://x.test/a.png" /></p>');
      expect(content).not.toMatch(/onerror|<script|javascript:/i);
    }
    const duplicate = await admin.post('/api/admin/static-pages', { slug: 'about-us', title: 'Again', content: '' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.body.errors?.slug).toEqual(['This slug is already used']);

    const faq = await admin.post<Record_>('/api/admin/faqs', { question: 'Safe?', answer: '<b>yes</b><script>alert(1)</script><div onclick="x()">ok</div>' });
    expect(faq.body.payload.answer).toBe('<b>yes</b><div>ok</div>');
    const updated = await admin.put<Record_>(`/api/admin/faqs/${faq.body.payload.id}`, {
      question: 'Safe?',
      answer: '<iframe src="https://evil.test"></iframe>fine',
    });
    expect(updated.body.payload.answer).toBe('fine');
  });

  it('creates, edits, orders and hides rooms', async () => {
    const a = await admin.post<Record_>('/api/admin/rooms', { title: 'Alpha', border_color: 'purple' });
    const b = await admin.post<Record_>('/api/admin/rooms', { title: 'Beta', border_color: '#112233' });
    expect(b.body.payload.position).toBe((a.body.payload.position as number) + 1);
    const bad = await admin.post('/api/admin/rooms', { title: '', border_color: 'not a colour!' });
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['border_color', 'title']);

    const edited = await admin.put<Record_>(`/api/admin/rooms/${a.body.payload.id}`, { title: 'Alpha Prime', border_color: 'teal', is_hidden: true });
    expect(edited.body.payload).toMatchObject({ title: 'Alpha Prime', border_color: 'teal', is_hidden: true });
    const all = await admin.get<{ items: Record_[] }>('/api/admin/rooms?per_page=100');
    const ids = all.body.payload.items.map((r) => r.id);
    const reversed = [...ids].reverse();
    expect((await admin.put('/api/admin/rooms/order', { ids: reversed })).statusCode).toBe(200);
    const reordered = await admin.get<{ items: Record_[] }>('/api/admin/rooms?per_page=100&sort=position&order=asc');
    expect(reordered.body.payload.items.map((r) => r.id)).toEqual(reversed);
    expect((await admin.put('/api/admin/rooms/order', { ids: [...reversed, 999_999] })).statusCode).toBe(422);
    const audit = await ctx.db.selectFrom('audit_log').select('action').where('subject_type', '=', 'room').execute();
    expect(audit.map((r) => r.action)).toEqual(['room.create', 'room.create', 'room.update', 'room.reorder']);
  });

  it('keeps exactly one default currency', async () => {
    const usd = await admin.post<Record_>('/api/admin/currencies', { code: 'XTS', symbol: 'T', value: 1.08, is_default: true });
    expect(usd.statusCode).toBe(200);
    const currencies = (await publicClient().get<{ code: string; default: boolean }[]>('/api/currencies')).body.payload;
    expect(currencies.filter((c) => c.default).map((c) => c.code)).toEqual(['XTS']);
    const undefault = await admin.put(`/api/admin/currencies/${usd.body.payload.id}`, { code: 'XTS', symbol: 'T', value: 1.08, is_default: false });
    expect(undefault.statusCode).toBe(422);
    expect((await admin.delete(`/api/admin/currencies/${usd.body.payload.id}`)).statusCode).toBe(409);
    expect((await admin.post('/api/admin/currencies', { code: 'XTS', symbol: '$', value: 1 })).body.errors?.code).toBeDefined();
  });

  it('edits localizations and lists the keys a language lacks compared with the default language', async () => {
    const languages = (await admin.get<{ items: (Record_ & { is_default: boolean })[] }>('/api/admin/languages')).body.payload.items;
    const fallback = languages.find((l) => l.is_default)!;
    await admin.put(`/api/admin/languages/${fallback.id}/localizations`, { key: 'admin.test.one', value: 'One' });
    await admin.put(`/api/admin/languages/${fallback.id}/localizations`, { key: 'admin.test.two', value: 'Two' });
    const created = await admin.post<Record_>('/api/admin/languages', { code: 'xq', title: 'Test tongue' });
    const id = created.body.payload.id;
    await admin.put(`/api/admin/languages/${id}/localizations`, { key: 'admin.test.one', value: 'Uno' });

    const missing = await admin.get<{ items: { key: string; default_value: string }[]; missing_count: number }>(
      `/api/admin/languages/${id}/localizations?missing=yes&q=admin.test`,
    );
    expect(missing.body.payload.items).toEqual([expect.objectContaining({ key: 'admin.test.two', default_value: 'Two', value: null, is_missing: true })]);
    expect(missing.body.payload.missing_count).toBeGreaterThanOrEqual(1);
    const seen = await publicClient().get<Record<string, string>>(`/api/localizations?lang_id=${id}`);
    expect(seen.body.payload['admin.test.one']).toBe('Uno');
    expect((await admin.delete(`/api/admin/languages/${id}/localizations/admin.test.one`)).statusCode).toBe(200);
    expect((await publicClient().get<Record<string, string>>(`/api/localizations?lang_id=${id}`)).body.payload['admin.test.one']).toBeUndefined();
  });

  it('manages bundles, social links and store products', async () => {
    const bundle = await admin.post<Record_>('/api/admin/bundles', { description: '1000 coins', price_cents: 900, points: 1000, is_active: true });
    expect(bundle.body.payload).toMatchObject({ price_cents: 900, points: 1000, is_active: true });
    expect((await admin.delete(`/api/admin/bundles/${bundle.body.payload.id}`)).statusCode).toBe(200);
    const link = await admin.post<Record_>('/api/admin/social-links', {
      title: 'Mastodon',
      link: 'https://example.social/@parley',
      img: '/icons/mastodon.svg',
    });
    expect(link.statusCode).toBe(200);
    expect((await publicClient().get<{ title: string }[]>('/api/social-links')).body.payload.map((s) => s.title)).toContain('Mastodon');
    expect((await admin.post('/api/admin/social-links', { title: 'Bad', link: 'javascript:alert(1)', img: 'x' })).statusCode).toBe(422);

    const created = await admin.post<Record_>('/api/admin/products', {
      name: 'Mint bubble',
      description: 'Fresh',
      kind: 'bubble_color',
      look: 'mint',
      price_cents: 299,
    });
    expect(created.statusCode).toBe(200);
    const products = await admin.get<{ items: Record_[] }>('/api/admin/products?q=mint');
    const product = products.body.payload.items.find((p) => p.id === created.body.payload.id)!;
    expect((await admin.post('/api/admin/products', { name: 'Again', kind: 'bubble_color', look: 'mint', price_cents: 1 })).body.errors?.look).toEqual([
      'A product with this kind and look already exists',
    ]);
    const edited = await admin.put<Record_>(`/api/admin/products/${product.id}`, {
      ...product,
      price_cents: 123,
      is_active: false,
      id: undefined,
      created_at: undefined,
      updated_at: undefined,
    });
    expect(edited.body.payload).toMatchObject({ price_cents: 123, is_active: false });
    expect(
      (await admin.post('/api/admin/products', { name: 'X', kind: 'bubble_color', look: 'not-a-colour', price_cents: 100 })).body.errors?.look,
    ).toBeDefined();
  });

  it('browses the audit log with filters by actor, action, subject and date range', async () => {
    const all = await admin.get<{ items: { action: string; actor_email: string }[]; meta: { total: number } }>('/api/admin/audit?per_page=100');
    expect(all.body.payload.meta.total).toBeGreaterThan(10);
    expect(all.body.payload.items[0]!.actor_email).toBeDefined();
    const rooms = await admin.get<{ items: { action: string; subject_type: string }[] }>(`/api/admin/audit?subject_type=room&actor_id=${adminId}`);
    expect(rooms.body.payload.items.every((i) => i.subject_type === 'room')).toBe(true);
    expect(rooms.body.payload.items.length).toBe(4);
    const byAction = await admin.get<{ items: { action: string }[] }>('/api/admin/audit?action=settings.update');
    expect(byAction.body.payload.items).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.get<{ meta: { total: number } }>(`/api/admin/audit?from=${today}&to=${today}`)).body.payload.meta.total).toBe(
      all.body.payload.meta.total,
    );
    expect((await admin.get<{ meta: { total: number } }>('/api/admin/audit?to=2000-01-01')).body.payload.meta.total).toBe(0);
    const actions = (await admin.get<string[]>('/api/admin/audit/actions')).body.payload;
    for (const action of [
      'settings.update',
      'static_page.create',
      'faq.create',
      'faq.update',
      'room.create',
      'room.update',
      'room.reorder',
      'currency.create',
      'language.create',
      'localization.save',
      'localization.delete',
      'bundle.create',
      'bundle.delete',
      'social_link.create',
      'product.update',
    ]) {
      expect(actions).toContain(action);
    }
  });
});
