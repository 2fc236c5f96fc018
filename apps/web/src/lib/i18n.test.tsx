import { texts, type Language } from '@parley/contracts';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/api-server';
import { useOrigin } from '../test/dom';
import { api, resetApiClient } from './api-client';
import { authStore } from './auth';
import { englishText, I18nProvider, resolveLanguageId, useI18n, useT } from './i18n';
import { createQueryClient } from './query-client';

const languages: Language[] = [
  { id: 1, code: 'en', title: 'English', default: 1 },
  { id: 2, code: 'et', title: 'Eesti', default: 0 },
];

describe('language choice (spec §4)', () => {
  it('uses the saved id if valid, else the default language, else the first', () => {
    expect(resolveLanguageId(languages, '2')).toBe(2);
    expect(resolveLanguageId(languages, '99')).toBe(1);
    expect(resolveLanguageId(languages, null)).toBe(1);
    expect(resolveLanguageId([{ ...languages[1]!, default: 0 }], 'x')).toBe(2);
    expect(resolveLanguageId([], '2')).toBeNull();
  });

  it("a first visit takes the browser's preferred language when Parley has it (issue 33)", () => {
    expect(resolveLanguageId(languages, null, ['et-EE', 'en'])).toBe(2);
    expect(resolveLanguageId(languages, null, ['fr-FR', 'et'])).toBe(2);
    expect(resolveLanguageId(languages, null, ['fr-FR'])).toBe(1);
    // A choice made here wins over the browser's.
    expect(resolveLanguageId(languages, '1', ['et'])).toBe(1);
  });

  it('reads English source texts by key', () => {
    expect(englishText('home.hero')).toBe(texts.home.hero);
    expect(englishText('common.notFound')).toBe(texts.common.notFound);
  });
});

describe('I18nProvider', () => {
  let server: TestApi;
  beforeAll(async () => {
    server = await startTestApi();
    useOrigin(server);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    localStorage.clear();
    resetApiClient();
  });
  afterEach(cleanup);

  function Probe() {
    const t = useT();
    return (
      <p>
        {t('home.hero')} | {t('home.ctaTitle')}
      </p>
    );
  }

  it('loads the saved language\u2019s texts, falls back to English for missing ones, and sends lang_id', async () => {
    localStorage.setItem('languageId', '2');
    server.handle('GET', '/api/languages', { json: { status: 'OK', payload: languages } });
    server.handle('GET', '/api/localizations', (request) => ({
      json: { status: 'OK', payload: request.query.get('lang_id') === '2' ? { 'home.hero': 'Tere tulemast!', 'home.ctaTitle': '' } : {} },
    }));
    server.handle('GET', '/api/ping', { json: { status: 'OK', payload: null } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider>
          <Probe />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(`Tere tulemast! | ${texts.home.ctaTitle}`)).toBeTruthy();
    await api.get('/ping');
    await waitFor(() => expect(server.requests.at(-1)!.query.get('lang_id')).toBe('2'));
  });

  function Switcher() {
    const { setLanguageId, languageId } = useI18n();
    const t = useT();
    return (
      <button type="button" onClick={() => setLanguageId(2)}>
        {languageId}:{t('home.hero')}
      </button>
    );
  }

  it('switching language saves languageId, reloads texts and sends the new lang_id at once', async () => {
    server.handle('GET', '/api/languages', { json: { status: 'OK', payload: languages } });
    server.handle('GET', '/api/localizations', (request) => ({
      json: { status: 'OK', payload: request.query.get('lang_id') === '2' ? { 'home.hero': 'Tere!' } : {} },
    }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider>
          <Switcher />
        </I18nProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: `1:${texts.home.hero}` }));
    expect(await screen.findByRole('button', { name: '2:Tere!' })).toBeTruthy();
    expect(localStorage.getItem('languageId')).toBe('2');
    const refetched = server.requests.filter((r) => r.path === '/api/languages').at(-1)!;
    expect(refetched.query.get('lang_id')).toBe('2');
  });

  function FirstPage() {
    const rooms = useQuery({ queryKey: ['rooms'], queryFn: () => api.get('/rooms/index') });
    return <p>{rooms.isSuccess ? 'rooms loaded' : 'loading rooms'}</p>;
  }

  it("a guest's very first requests carry the default language's lang_id (spec §7: every GET)", async () => {
    server.handle('GET', '/api/languages', { delayMs: 50, json: { status: 'OK', payload: [languages[1], { ...languages[0], id: 5 }] } });
    server.handle('GET', '/api/localizations', { json: { status: 'OK', payload: {} } });
    server.handle('GET', '/api/rooms/index', { json: { status: 'OK', payload: [] } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider>
          <FirstPage />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('rooms loaded')).toBeTruthy();
    const rooms = server.requests.filter((r) => r.path === '/api/rooms/index');
    expect(rooms.map((r) => r.query.get('lang_id'))).toEqual(['5']);
  });

  it("a guest's first request, GET /languages itself, carries lang_id (issue 33, spec §7)", async () => {
    server.handle('GET', '/api/languages', { json: { status: 'OK', payload: languages } });
    server.handle('GET', '/api/localizations', { json: { status: 'OK', payload: {} } });
    const before = server.requests.length;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider>
          <Probe />
        </I18nProvider>
      </QueryClientProvider>,
    );
    await screen.findByText(`${texts.home.hero} | ${texts.home.ctaTitle}`);
    const first = server.requests.slice(before).find((r) => r.path === '/api/languages')!;
    expect(first.query.get('lang_id')).toBe('1');
  });

  describe('signed in: the account decides the language (issue 33)', () => {
    const profile = (languageId: number | null) => ({ status: 'OK', payload: { id: 7, name: 'Ada', language_id: languageId } });
    beforeEach(() => {
      server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
      localStorage.setItem('auth_session', '1');
      authStore.reset();
    });
    afterEach(() => {
      localStorage.clear();
      authStore.reset();
    });

    it("switches this device to the account's language, whatever this browser chose before, without saving it back", async () => {
      localStorage.setItem('languageId', '1');
      server.handle('GET', '/api/languages', { json: { status: 'OK', payload: languages } });
      server.handle('GET', '/api/localizations', (request) => ({
        json: { status: 'OK', payload: request.query.get('lang_id') === '2' ? { 'home.hero': 'Tere!' } : {} },
      }));
      server.handle('GET', '/api/user/profile', { json: profile(2) });
      server.handle('PUT', '/api/user/language', { json: { status: 'OK', payload: { language_id: 2 } } });
      render(
        <QueryClientProvider client={createQueryClient()}>
          <I18nProvider>
            <Switcher />
          </I18nProvider>
        </QueryClientProvider>,
      );
      expect(await screen.findByRole('button', { name: '2:Tere!' })).toBeTruthy();
      expect(localStorage.getItem('languageId')).toBe('2');
      expect(server.requests.filter((r) => r.method === 'PUT' && r.path === '/api/user/language')).toEqual([]);
    });

    it('choosing a language saves it to the account and stays chosen', async () => {
      let saved = 1;
      server.handle('GET', '/api/languages', { json: { status: 'OK', payload: languages } });
      server.handle('GET', '/api/localizations', (request) => ({
        json: { status: 'OK', payload: request.query.get('lang_id') === '2' ? { 'home.hero': 'Tere!' } : {} },
      }));
      server.handle('GET', '/api/user/profile', () => ({ json: profile(saved) }));
      server.handle('PUT', '/api/user/language', (request) => {
        saved = (JSON.parse(request.body) as { language_id: number }).language_id;
        return { json: { status: 'OK', payload: { language_id: saved } } };
      });
      render(
        <QueryClientProvider client={createQueryClient()}>
          <I18nProvider>
            <Switcher />
          </I18nProvider>
        </QueryClientProvider>,
      );
      fireEvent.click(await screen.findByRole('button', { name: `1:${texts.home.hero}` }));
      expect(await screen.findByRole('button', { name: '2:Tere!' })).toBeTruthy();
      await waitFor(() => expect(saved).toBe(2));
      await waitFor(() => expect(server.requests.filter((r) => r.path === '/api/user/profile').length).toBeGreaterThan(1));
      expect(screen.getByRole('button', { name: '2:Tere!' })).toBeTruthy();
    });
  });
});
