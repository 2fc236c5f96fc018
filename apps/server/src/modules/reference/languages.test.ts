import { texts } from '@parley/contracts';
import { englishCatalogue, englishText, textKeys } from '@parley/contracts/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createSignedInUser, DEFAULT_PASSWORD, signUpBody } from '../../../test/factories.js';
import { localized } from '../../lib/app-error.js';
import { systemClock } from '../../lib/clock.js';
import { createNotification } from '../notifications/notifications.service.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { de } from './locales/de.js';
import { seedReferenceData } from './seed.js';

describe.each(dialects)('languages on %s', (dialect) => {
  let ctx: TestContext;
  let germanId: number;
  let englishId: number;
  let admin: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
    const languages = await ctx.db.selectFrom('languages').select(['id', 'code']).execute();
    germanId = languages.find((l) => l.code === 'de')!.id;
    englishId = languages.find((l) => l.code === 'en')!.id;
  });
  afterAll(() => ctx.close());

  const rowsOf = async (languageId: number) =>
    new Map((await ctx.db.selectFrom('localizations').select(['key', 'value']).where('language_id', '=', languageId).execute()).map((r) => [r.key, r.value]));

  it('seeds German next to English, English with every catalogue key and German with its texts', async () => {
    const title = (await ctx.db.selectFrom('languages').select('title').where('id', '=', germanId).executeTakeFirstOrThrow()).title;
    expect(title).toBe('Deutsch');
    const english = await rowsOf(englishId);
    for (const key of textKeys) expect(english.get(key), key).toBe(englishCatalogue[key]);
    const german = await rowsOf(germanId);
    for (const [key, value] of Object.entries(de)) if (value?.trim()) expect(german.get(key), key).toBe(value);
  });

  it('seeds again without overwriting an operator’s German, and brings changed English back to the catalogue', async () => {
    const key = textKeys[0]!;
    await ctx.db.updateTable('localizations').set({ value: 'Vom Betreiber' }).where('language_id', '=', germanId).where('key', '=', key).execute();
    await ctx.db
      .insertInto('localizations')
      .values({ language_id: germanId, key, value: 'Vom Betreiber' })
      .onConflict((oc) => oc.columns(['language_id', 'key']).doNothing())
      .execute();
    await ctx.db.updateTable('localizations').set({ value: 'stale' }).where('language_id', '=', englishId).where('key', '=', key).execute();
    await ctx.db.deleteFrom('localizations').where('language_id', '=', englishId).where('key', '=', textKeys[1]!).execute();
    await Promise.all([seedReferenceData(ctx.db, systemClock), seedReferenceData(ctx.db, systemClock)]);
    expect((await rowsOf(germanId)).get(key)).toBe('Vom Betreiber');
    const english = await rowsOf(englishId);
    expect(english.get(key)).toBe(englishCatalogue[key]);
    expect(english.get(textKeys[1]!)).toBe(englishCatalogue[textKeys[1]!]);
    expect((await ctx.db.selectFrom('languages').select('id').where('code', '=', 'de').execute()).length).toBe(1);
  });

  type KeysPage = {
    items: { key: string; source: string | null; value: string | null; is_missing: boolean }[];
    missing_count: number;
    languages: { code: string; missing_count: number }[];
    meta: { total: number };
  };

  it('lists every catalogue key with its English source for a language, and what each language lacks', async () => {
    const created = await admin.post<{ id: number }>('/api/admin/languages', { code: 'xk', title: 'Test tongue' });
    const id = created.body.payload.id;
    const page = await admin.get<KeysPage>(`/api/admin/languages/${id}/localizations?per_page=100&q=money.refundCoinsLeft`);
    expect(page.body.payload.items).toEqual([
      expect.objectContaining({ key: 'money.refundCoinsLeft', source: englishCatalogue['money.refundCoinsLeft'], value: null, is_missing: true }),
    ]);
    expect(page.body.payload.missing_count).toBe(textKeys.length);
    expect(page.body.payload.languages).toContainEqual(expect.objectContaining({ code: 'xk', missing_count: textKeys.length }));
    expect(page.body.payload.languages).toContainEqual(expect.objectContaining({ code: 'en', missing_count: 0 }));
    const saved = await admin.put(`/api/admin/languages/${id}/localizations`, { key: 'money.refundCoinsLeft', value: 'Max {coins}' });
    expect(saved.statusCode).toBe(200);
    const after = await admin.get<KeysPage>(`/api/admin/languages/${id}/localizations?per_page=1&missing=yes`);
    expect(after.body.payload.missing_count).toBe(textKeys.length - 1);
  });

  it('refuses a translation that is not valid ICU or uses a value the English text lacks, with a field error, saving nothing', async () => {
    const key = 'money.refundCoinsLeft';
    const before = await rowsOf(germanId);
    const broken = await admin.put(`/api/admin/languages/${germanId}/localizations`, { key, value: 'Höchstens {coins Münzen' });
    expect(broken.statusCode).toBe(422);
    expect(broken.body.errors?.value).toEqual([englishCatalogue['admin.translationSyntax']]);
    const unknown = await admin.put(`/api/admin/languages/${germanId}/localizations`, { key, value: 'Höchstens {amount} Münzen' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body.errors?.value?.[0]).toContain('{coins}');
    const plural = await admin.put(`/api/admin/languages/${germanId}/localizations`, { key, value: '{coins, plural, one {# Münze} other' });
    expect(plural.statusCode).toBe(422);
    expect(await rowsOf(germanId)).toEqual(before);
  });

  it('refuses to edit or delete an English catalogue text: English is the source, kept in code and mirrored by every seed', async () => {
    const before = await rowsOf(englishId);
    const edit = await admin.put(`/api/admin/languages/${englishId}/localizations`, { key: 'home.hero', value: 'Hello!' });
    expect(edit.statusCode).toBe(422);
    expect(edit.body.errors?.value).toEqual([englishCatalogue['admin.englishIsSource']]);
    expect((await admin.delete(`/api/admin/languages/${englishId}/localizations/home.hero`)).statusCode).toBe(422);
    expect(await rowsOf(englishId)).toEqual(before);
  });

  /** Sets German texts directly (the write announces itself, as any feature's would). */
  const setGerman = async (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values))
      await ctx.db
        .insertInto('localizations')
        .values({ language_id: germanId, key, value })
        .onConflict((oc) => oc.columns(['language_id', 'key']).doUpdateSet({ value }))
        .execute();
  };

  it('answers errors in the language of lang_id (query, body or header), English per key and for English or unknown ids', async () => {
    await setGerman({ 'common.routeNotFound': 'Die angefragte Ressource gibt es nicht.', 'auth.invalidEmail': 'Gib eine gültige E-Mail-Adresse ein.' });
    const client = new TestClient(ctx.app);
    expect((await client.get(`/api/nope?lang_id=${germanId}`)).body.message).toBe('Die angefragte Ressource gibt es nicht.');
    expect((await client.get(`/api/nope?lang_id=${englishId}`)).body.message).toBe(englishCatalogue['common.routeNotFound']);
    expect((await client.get('/api/nope?lang_id=999999')).body.message).toBe(englishCatalogue['common.routeNotFound']);
    expect((await client.get('/api/nope')).body.message).toBe(englishCatalogue['common.routeNotFound']);
    // Field errors of a zod schema (catalogue English in the contracts), in the body's language.
    const login = await client.post('/api/login', { email: 'not-an-email', password: 'x', lang_id: germanId });
    expect(login.statusCode).toBe(422);
    expect(login.body.errors?.email).toEqual(['Gib eine gültige E-Mail-Adresse ein.']);
    expect(login.body.message).toBe('Gib eine gültige E-Mail-Adresse ein.');
    // A German key without its text falls back to English, per key.
    await ctx.db.deleteFrom('localizations').where('language_id', '=', germanId).where('key', '=', 'common.csrfMismatch').execute();
    const noCsrf = new TestClient(ctx.app);
    noCsrf.csrf = false;
    await noCsrf.get('/api/sanctum/csrf-cookie');
    const refused = await noCsrf.request('POST', '/api/logout', { body: {}, headers: { 'x-lang-id': String(germanId) } });
    expect(refused.body.message).toBe(englishCatalogue['common.csrfMismatch']);
    await setGerman({ 'common.csrfMismatch': 'CSRF-Token stimmt nicht.' });
    expect((await noCsrf.request('POST', '/api/logout', { body: {}, headers: { 'x-lang-id': String(germanId) } })).body.message).toBe(
      'CSRF-Token stimmt nicht.',
    );
  });

  it('keeps the values of a text with values in the German message and its field error', async () => {
    const response = await admin.put(`/api/admin/languages/${germanId}/localizations`, {
      key: 'money.refundCoinsLeft',
      value: 'Höchstens {amount} Münzen',
      lang_id: germanId,
    });
    expect(response.statusCode).toBe(422);
    const german = 'Dieser Text verwendet einen Wert, den der englische Text nicht hat. Erlaubt: {coins}';
    expect(response.body.message).toBe(german);
    expect(response.body.errors?.value).toEqual([german]);
  });

  it('answers in the new text right after an admin saves it, on every instance', async () => {
    const other = await ctx.buildAnother({ migrate: false });
    const onOther = new TestClient(other);
    const client = new TestClient(ctx.app);
    await setGerman({ 'common.routeNotFound': 'Alt.' });
    expect((await client.get(`/api/nope?lang_id=${germanId}`)).body.message).toBe('Alt.');
    expect((await onOther.get(`/api/nope?lang_id=${germanId}`)).body.message).toBe('Alt.');
    const saved = await admin.put(`/api/admin/languages/${germanId}/localizations`, { key: 'common.routeNotFound', value: 'Neu.' });
    expect(saved.statusCode).toBe(200);
    expect((await client.get(`/api/nope?lang_id=${germanId}`)).body.message).toBe('Neu.');
    expect((await onOther.get(`/api/nope?lang_id=${germanId}`)).body.message).toBe('Neu.');
    await admin.delete(`/api/admin/languages/${germanId}/localizations/common.routeNotFound`);
    expect((await onOther.get(`/api/nope?lang_id=${germanId}`)).body.message).toBe(englishCatalogue['common.routeNotFound']);
  });

  const signUp = (email: string, langId?: number) => signUpBody(email, { name: 'Anna', ...(langId ? { lang_id: langId } : {}) });
  const lastMail = async (to: string) => {
    await ctx.app.jobs.runDue();
    return ctx.db.selectFrom('mails').selectAll().where('to', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
  };

  it('keeps the sign-up language on the account and writes mail in the recipient’s language', async () => {
    const client = new TestClient(ctx.app);
    expect((await client.post('/api/register', signUp('anna@example.com', germanId))).body.status).toBe('VERIFY');
    const anna = await ctx.db.selectFrom('users').select(['id', 'language_id']).where('email', '=', 'anna@example.com').executeTakeFirstOrThrow();
    expect(anna.language_id).toBe(germanId);
    const mail = await lastMail('anna@example.com');
    expect(mail.subject).toBe(de['mail.verifySubject']);
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain(de['mail.signature']!);

    await new TestClient(ctx.app).post('/api/register', signUp('bert@example.com'));
    expect((await ctx.db.selectFrom('users').select('language_id').where('email', '=', 'bert@example.com').executeTakeFirstOrThrow()).language_id).toBeNull();
    expect((await lastMail('bert@example.com')).subject).toBe(englishCatalogue['mail.verifySubject']);

    // Bert switches to German: the next mail (a password reset) follows, whatever language that request came in.
    await ctx.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('email', '=', 'bert@example.com').execute();
    const bert = new TestClient(ctx.app);
    await bert.login('bert@example.com', 'Sunshine42x');
    const unknown = await bert.put('/api/user/language', { language_id: 999999, lang_id: germanId });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body.errors?.language_id).toEqual([de['profile.languageUnknown']]);
    expect((await bert.put('/api/user/language', { language_id: germanId })).statusCode).toBe(200);
    await new TestClient(ctx.app).post('/api/user/request-password-reset', { email: 'bert@example.com', lang_id: englishId });
    expect((await lastMail('bert@example.com')).subject).toBe(de['mail.resetSubject']);
  });

  it('writes a notice in its recipient’s language when it is created, and mails it in that language', async () => {
    await setGerman({ 'money.disputeNoticeTitle': 'Kartenzahlung angefochten', 'money.disputeNoticeBody': '{coins} Münzen sind gesperrt.' });
    const german = await createSignedInUser(ctx.app);
    const english = await createSignedInUser(ctx.app);
    await ctx.db.updateTable('users').set({ language_id: germanId }).where('id', '=', german.user.id).execute();
    for (const user of [german.user, english.user])
      await ctx.db.transaction().execute((trx) =>
        createNotification(trx, {
          userId: user.id,
          kind: 'deposit.disputed',
          title: texts.money.disputeNoticeTitle,
          body: localized('money.disputeNoticeBody', { coins: 40 }),
        }),
      );
    const notices = async (client: TestClient) =>
      (await client.get<{ notifications: { title: string; body: string }[] }>('/api/notifications')).body.payload.notifications;
    expect(await notices(german.client)).toEqual([expect.objectContaining({ title: 'Kartenzahlung angefochten', body: '40 Münzen sind gesperrt.' })]);
    expect(await notices(english.client)).toEqual([
      expect.objectContaining({ title: englishCatalogue['money.disputeNoticeTitle'], body: englishText('money.disputeNoticeBody', { coins: 40 }) }),
    ]);
    await ctx.app.jobs.runDue();
    const mail = await lastMail(german.user.email);
    expect(mail.subject).toBe('Kartenzahlung angefochten');
    expect(mail.text).toContain(`Hallo ${german.user.name},`);
  });

  it('gives an account without a language the one it signs in with, and keeps one it has', async () => {
    const { user } = await createSignedInUser(ctx.app);
    const languageOf = async () => (await ctx.db.selectFrom('users').select('language_id').where('id', '=', user.id).executeTakeFirstOrThrow()).language_id;
    expect(await languageOf()).toBeNull();
    await new TestClient(ctx.app).post('/api/login', { email: user.email, password: DEFAULT_PASSWORD, lang_id: germanId });
    expect(await languageOf()).toBe(germanId);
    // Issue 33: the account's language comes with the profile, so every device (and the next sign-in) follows it.
    const second = new TestClient(ctx.app);
    const login = await second.post<{ user: { language_id: number | null } }>('/api/login', {
      email: user.email,
      password: DEFAULT_PASSWORD,
      lang_id: englishId,
    });
    expect(await languageOf()).toBe(germanId);
    expect(login.body.payload.user.language_id).toBe(germanId);
    expect((await second.get<{ language_id: number | null }>('/api/user/profile')).body.payload.language_id).toBe(germanId);
  });

  it('replaces a German text we shipped and later rewrote (Punkte → Coins), and keeps an operator’s own (issue 33)', async () => {
    await ctx.db
      .updateTable('localizations')
      .set({ value: 'Nicht genug Punkte' })
      .where('language_id', '=', germanId)
      .where('key', '=', 'account.notEnoughPoints')
      .execute();
    await ctx.db
      .updateTable('localizations')
      .set({ value: 'Deine Punkte, bitte' })
      .where('language_id', '=', germanId)
      .where('key', '=', 'payoutUi.yourCoins')
      .execute();
    await seedReferenceData(ctx.db, systemClock);
    expect((await rowsOf(germanId)).get('account.notEnoughPoints')).toBe('Nicht genug Coins');
    expect((await rowsOf(germanId)).get('payoutUi.yourCoins')).toBe('Deine Punkte, bitte');
  });

  it('replaces zod’s English default messages with catalogue texts, in the request’s language with their values', async () => {
    const body = { key: 'k'.repeat(129), value: 'x' };
    const german = await admin.put(`/api/admin/languages/${germanId}/localizations`, { ...body, lang_id: germanId });
    expect(german.statusCode).toBe(422);
    expect(german.body.errors?.key).toEqual(['Höchstens 128 Zeichen.']);
    expect(german.body.message).toBe('Höchstens 128 Zeichen.');
    const english = await admin.put(`/api/admin/languages/${germanId}/localizations`, body);
    expect(english.body.errors?.key).toEqual([englishText('validation.tooLong', { max: 128 })]);
    expect(english.body.errors?.key).toEqual(['At most 128 characters.']);
  });

  it('answers a signed-in person without lang_id in the language they chose', async () => {
    await setGerman({ 'common.routeNotFound': 'Gibt es nicht.' });
    const { client } = await createSignedInUser(ctx.app);
    expect((await client.get('/api/nope')).body.message).toBe(englishCatalogue['common.routeNotFound']);
    expect((await client.put('/api/user/language', { language_id: germanId })).statusCode).toBe(200);
    expect((await client.get('/api/nope')).body.message).toBe('Gibt es nicht.');
    expect((await client.get(`/api/nope?lang_id=${englishId}`)).body.message).toBe(englishCatalogue['common.routeNotFound']);
  });
});
