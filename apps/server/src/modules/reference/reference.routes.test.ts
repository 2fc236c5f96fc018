import { texts } from '@parley/contracts';
import { englishCatalogue } from '@parley/contracts/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';

describe.each(dialects)('reference data on %s', (dialect) => {
  let ctx: TestContext;
  let client: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seedDemo: true });
    client = new TestClient(ctx.app);
  });
  afterAll(() => ctx.close());

  it('lists languages with English as the default', async () => {
    const { body } = await client.get<{ code: string; default: number }[]>('/api/languages');
    expect(body.status).toBe('OK');
    expect(body.payload.find((l) => l.code === 'en')?.default).toBe(1);
  });

  it('lists every country with its ISO code and dialing code', async () => {
    const { body } = await client.get<{ iso: string; dial_code: string; title: string }[]>('/api/countries');
    expect(body.payload.length).toBeGreaterThan(200);
    expect(body.payload).toContainEqual(expect.objectContaining({ iso: 'DE', dial_code: '+49', title: 'Germany' }));
    expect(body.payload).toContainEqual(expect.objectContaining({ iso: 'EE', dial_code: '+372' }));
  });

  it('serves EUR as the default currency, and the other currencies with their rates', async () => {
    const { body } = await client.get<{ code: string; default: boolean; value: number; symbol: string }[]>('/api/currencies');
    expect(body.payload.find((c) => c.default)).toMatchObject({ code: 'EUR', symbol: '€', value: 1 });
    expect(body.payload.length).toBeGreaterThan(1);
  });

  it('serves every public setting of spec §3 with sensible defaults', async () => {
    const { body } = await client.get<Record<string, unknown>>('/api/settings');
    expect(body.payload).toMatchObject({ points_convertion_rate: 100, is_reg_enabled: true });
    expect(body.payload.requisites).toHaveLength(3);
    for (const key of [
      'min_top_up_amount',
      'vat_percent',
      'initial_points',
      'new_topic_cost',
      'message_symbol_cost',
      'channel_status_cost',
      'channel_status_duration',
      'max_channel_topics',
      'bot_reply_interval_min',
      'bot_reply_interval_max',
      'bot_conversation_history_limit',
    ])
      expect(typeof body.payload[key], key).toBe('number');
  });

  it('serves static pages by slug and by id with sanitized content, and 404 for unknown ones', async () => {
    const list = await client.get<{ id: number; slug: string; is_terms: boolean }[]>('/api/static-pages');
    const terms = list.body.payload.find((p) => p.slug === 'terms')!;
    expect(terms.is_terms).toBe(true);
    const bySlug = await client.get<{ title: string; content: string }>('/api/static-pages/privacy');
    expect(bySlug.body.payload.title).toBe('Privacy Policy');
    const byId = await client.get<{ slug: string }>(`/api/static-pages/${terms.id}`);
    expect(byId.body.payload.slug).toBe('terms');
    await ctx.db.updateTable('static_pages').set({ content: '<p onclick="x()">Hi</p><script>alert(1)</script>' }).where('slug', '=', 'privacy').execute();
    const cleaned = await client.get<{ content: string }>('/api/static-pages/privacy');
    expect(cleaned.body.payload.content).toBe('<p>Hi</p>');
    const missing = await client.get('/api/static-pages/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(texts.reference.pageNotFound);
  });

  it('serves FAQ items and social links', async () => {
    const faq = await client.get<{ question: string; answer: string }[]>('/api/faq');
    expect(faq.body.payload.length).toBeGreaterThan(0);
    const links = await client.get<{ title: string; link: string }[]>('/api/social-links');
    expect(links.body.payload.map((l) => l.title)).toContain('Instagram');
  });

  it('answers localizations for a language, falling back to the default for an unknown id', async () => {
    const languages = (await client.get<{ id: number; code: string }[]>('/api/languages')).body.payload;
    const en = languages.find((l) => l.code === 'en')!;
    const de = languages.find((l) => l.code === 'de')!;
    await ctx.db
      .insertInto('localizations')
      .values({ language_id: de.id, key: 'home.hero', value: 'Willkommen!' })
      .onConflict((oc) => oc.columns(['language_id', 'key']).doUpdateSet({ value: 'Willkommen!' }))
      .execute();
    expect((await client.get<Record<string, string>>(`/api/localizations?lang_id=${de.id}`)).body.payload['home.hero']).toBe('Willkommen!');
    // English rows mirror the catalogue (seeded), and an unknown id answers the default language's.
    const english = (await client.get<Record<string, string>>(`/api/localizations?lang_id=${en.id}`)).body.payload;
    expect(english).toEqual(englishCatalogue);
    expect((await client.get<Record<string, string>>('/api/localizations?lang_id=9999')).body.payload).toEqual(english);
  });

  it('suggests the phone country from the proxy header, else Accept-Language', async () => {
    expect((await client.get<{ iso: string }>('/api/phone-country', { 'cf-ipcountry': 'de' })).body.payload.iso).toBe('DE');
    expect((await client.get<{ iso: string }>('/api/phone-country', { 'accept-language': 'fr-FR,fr;q=0.9' })).body.payload.iso).toBe('FR');
    expect((await client.get<{ iso: string | null }>('/api/phone-country')).body.payload.iso).toBeNull();
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/register', '/api/messages/create', '/api/deposit/checkout']));
  });
});
