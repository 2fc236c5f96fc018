import { type StoreTransaction } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { startTopUp } from '../deposits/deposits.test-support.js';

type Page<T> = { data: T[] };

/**
 * Issue 33: German left English on everyday screens. Content (FAQ, bundles, skins, rooms, legal pages),
 * country names, the history's types and the sandbox card page come in the request's language, with
 * the default language's text where a row has no translation.
 */
describe.each(dialects)('content in the request language on %s', (dialect) => {
  let ctx: TestContext;
  let guest: TestClient;
  let de: number;
  let en: number;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seedDemo: true });
    guest = new TestClient(ctx.app);
    const languages = (await guest.get<{ id: number; code: string }[]>('/api/languages')).body.payload;
    de = languages.find((l) => l.code === 'de')!.id;
    en = languages.find((l) => l.code === 'en')!.id;
  });
  afterAll(() => ctx.close());

  it('serves the seeded FAQ in German for lang_id=de and in English otherwise; a row without German falls back to English', async () => {
    const german = (await guest.get<{ question: string; answer: string }[]>(`/api/faq?lang_id=${de}`)).body.payload;
    expect(german.map((f) => f.question)).toContain('Ist mein Chat wirklich anonym?');
    expect(german.map((f) => f.question)).not.toContain('Is my chat really anonymous?');
    expect(german.find((f) => f.question === 'Wie lade ich Coins auf?')?.answer).toContain('Mein Profil');
    const english = (await guest.get<{ question: string }[]>(`/api/faq?lang_id=${en}`)).body.payload;
    expect(english.map((f) => f.question)).toContain('Is my chat really anonymous?');
    expect((await guest.get<{ question: string }[]>('/api/faq')).body.payload.map((f) => f.question)).toContain('Is my chat really anonymous?');

    await ctx.db.insertInto('faqs').values({ question: 'Only in English?', answer: '<p>Yes.</p>', position: 99 }).execute();
    const mixed = (await guest.get<{ question: string }[]>(`/api/faq?lang_id=${de}`)).body.payload.map((f) => f.question);
    expect(mixed).toContain('Only in English?');
    expect(mixed).toContain('Was kosten Nachrichten?');
  });

  it('serves legal page titles and content in German', async () => {
    const list = (await guest.get<{ slug: string; title: string }[]>(`/api/static-pages?lang_id=${de}`)).body.payload;
    expect(list.find((p) => p.slug === 'terms')?.title).toBe('Nutzungsbedingungen');
    expect(list.find((p) => p.slug === 'privacy')?.title).toBe('Datenschutzerklärung');
    const page = (await guest.get<{ title: string; content: string }>(`/api/static-pages/cookie-policy?lang_id=${de}`)).body.payload;
    expect(page.title).toBe('Cookie-Richtlinie');
    expect(page.content).toContain('Hält dich angemeldet');
    expect(page.content).not.toContain('Keeps you signed in');
    expect((await guest.get<{ title: string }>(`/api/static-pages/cookie-policy?lang_id=${en}`)).body.payload.title).toBe('Cookie Policy');
  });

  it('serves bundles, skins and rooms in German', async () => {
    const bundles = (await guest.get<{ description: string }[]>(`/api/bundles/index?lang_id=${de}`)).body.payload;
    expect(bundles.map((b) => b.description)).toContain('Starter – 600 Coins');
    const products = (await guest.get<{ data: { name: string; description: string }[] }>(`/api/products?lang_id=${de}&per_page=50`)).body.payload.data;
    expect(products.map((p) => p.name)).toContain('Ozeanblau');
    expect(products.map((p) => p.name)).not.toContain('Ocean Blue');
    const { client } = await createSignedInUser(ctx.app);
    const rooms = (await client.get<{ data: { title: string }[] }>(`/api/rooms/index?lang_id=${de}`)).body.payload.data;
    expect(rooms.map((r) => r.title)).toContain('Kaffeepause');
    const englishRooms = (await client.get<{ data: { title: string }[] }>(`/api/rooms/index?lang_id=${en}`)).body.payload.data;
    expect(englishRooms.map((r) => r.title)).toContain('Coffee Break');
  });

  it('names countries in the request language', async () => {
    const german = (await guest.get<{ iso: string; title: string }[]>(`/api/countries?lang_id=${de}`)).body.payload;
    expect(german.find((c) => c.iso === 'DE')?.title).toBe('Deutschland');
    expect(german.find((c) => c.iso === 'GB')?.title).toBe('Vereinigtes Königreich');
    const english = (await guest.get<{ iso: string; title: string }[]>(`/api/countries?lang_id=${en}`)).body.payload;
    expect(english.find((c) => c.iso === 'DE')?.title).toBe('Germany');
  });

  it('names the history types in the request language', async () => {
    const { client } = await createSignedInUser(ctx.app, { coins: 100 });
    const german = (await client.get<Page<StoreTransaction>>(`/api/transactions?lang_id=${de}`)).body.payload.data;
    expect(german[0]?.type_label).toBe('Guthabenkorrektur');
    const english = (await client.get<Page<StoreTransaction>>(`/api/transactions?lang_id=${en}`)).body.payload.data;
    expect(english[0]?.type_label).toBe('Balance adjustment');
  });

  it('renders the sandbox card page in the language the checkout was started in', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const { redirectUrl } = await startTopUp(client, { amount: 25, lang_id: de });
    const page = await ctx.app.inject({ method: 'GET', url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de"');
    for (const text of ['Kartennummer', 'Name des Karteninhabers', 'Zahlung abbrechen', 'Testkarten', '2500 Parley-Coins']) expect(page.body).toContain(text);
    for (const english of ['Card number', 'Cardholder name', 'Cancel payment', 'Test cards', 'Parley coins']) expect(page.body).not.toContain(english);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: redirectUrl,
      payload: 'card_number=1&expiry=&cvc=&holder=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.body).toContain('Deine Kartennummer ist ungültig.');

    const englishTopUp = await startTopUp(client, { amount: 25, lang_id: en });
    expect((await ctx.app.inject({ method: 'GET', url: englishTopUp.redirectUrl })).body).toContain('Card number');
  });

  it('lets an admin translate a content row, audited, and serves it at once; an empty text falls back to the row', async () => {
    const { client: admin } = await createSignedInUser(ctx.app, { role: 'admin' });
    const { client: user } = await createSignedInUser(ctx.app);
    const list = (
      await admin.get<{ row_id: number; field: string; source: string; text: string }[]>(`/api/admin/content-translations?table=faqs&language_id=${de}`)
    ).body.payload;
    const anonymous = list.find((r) => r.source === 'Is my chat really anonymous?')!;
    expect(anonymous).toMatchObject({ field: 'question', text: 'Ist mein Chat wirklich anonym?' });
    const save = (text: string) =>
      admin.put('/api/admin/content-translations', { table: 'faqs', row_id: anonymous.row_id, language_id: de, field: 'question', text });
    expect((await save('Bin ich wirklich anonym?')).statusCode).toBe(200);
    const questions = async () => (await guest.get<{ question: string }[]>(`/api/faq?lang_id=${de}`)).body.payload.map((f) => f.question);
    expect(await questions()).toContain('Bin ich wirklich anonym?');
    expect((await ctx.db.selectFrom('audit_log').select('action').where('action', '=', 'content_translation.save').execute()).length).toBeGreaterThan(0);
    expect((await save('')).statusCode).toBe(200);
    expect(await questions()).toContain('Is my chat really anonymous?');
    expect((await user.get(`/api/admin/content-translations?table=faqs&language_id=${de}`)).statusCode).toBe(403);
    expect(
      (await admin.put('/api/admin/content-translations', { table: 'faqs', row_id: anonymous.row_id, language_id: de, field: 'position', text: '1' }))
        .statusCode,
    ).toBe(422);
  });
});
