import { englishCatalogue, textKeys } from '@parley/contracts/i18n';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, snap } from '../support/browser.js';
import { payWithCard, sandboxCards } from '../support/sandbox.js';
import { signUpVerified } from '../support/users.js';

/**
 * Issue 19: a user who picks Deutsch gets the whole interface in German. Each page's visible text
 * (and the placeholders, labels and titles a screen reader reads) is compared against the English
 * catalogue: no English source text whose German differs may remain, apart from user content (the
 * message log). The choice survives a reload.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let german: Record<string, string>;
let germanId: number;
let languages: { en: number; de: number };
/** English texts that must not appear once German is chosen: those whose German is different (catalogue keys, or `content:` for seeded content). */
let englishOnly: Map<string, string>;

const getPayload = async <T>(path: string, init?: RequestInit): Promise<T> =>
  ((await (await fetch(`${baseUrl}/api${path}`, init)).json()) as { payload: T }).payload;
/** The visible text of rich content, paragraph by paragraph. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Issue 33: the seeded content (FAQ, bundles, skins, legal pages, rooms) and country names come per
 * language. Every English text of it whose German differs joins the texts that must not show in German.
 */
async function addEnglishContent(languageIds: { en: number; de: number }, cookie?: string) {
  const both = async <T extends { id?: number; iso?: string; slug?: string }>(path: string, fields: (keyof T)[], unwrap = (p: unknown) => p as T[]) => {
    const sep = path.includes('?') ? '&' : '?';
    const init = cookie ? { headers: { cookie } } : undefined;
    const [en, de] = await Promise.all([
      getPayload<unknown>(`${path}${sep}lang_id=${languageIds.en}`, init),
      getPayload<unknown>(`${path}${sep}lang_id=${languageIds.de}`, init),
    ]);
    const germanRows = unwrap(de);
    for (const row of unwrap(en)) {
      const twin = germanRows.find((g) => (row.id !== undefined ? g.id === row.id : row.iso !== undefined ? g.iso === row.iso : g.slug === row.slug));
      for (const field of fields) {
        const english = String(row[field] ?? '');
        const german = String(twin?.[field] ?? '');
        if (!english || english === german) continue;
        const germanLines = new Set(textOf(german));
        for (const line of textOf(english)) if (!germanLines.has(line) && !germanTexts.has(line)) englishOnly.set(line, `content:${path}`);
      }
    }
  };
  if (cookie) return both<{ id: number; title: string }>('/rooms/index', ['title'], (p) => (p as { data: { id: number; title: string }[] }).data);
  await both<{ id: number; question: string; answer: string }>('/faq', ['question', 'answer']);
  await both<{ id: number; title: string; slug: string }>('/static-pages', ['title']);
  for (const slug of ['terms', 'privacy', 'cookie-policy']) {
    const one = async (lang: number) => getPayload<{ id: number; title: string; content: string }>(`/static-pages/${slug}?lang_id=${lang}`);
    const [en, de] = await Promise.all([one(languageIds.en), one(languageIds.de)]);
    const germanLines = new Set(textOf(de.content));
    for (const line of textOf(en.content)) if (!germanLines.has(line) && !germanTexts.has(line)) englishOnly.set(line, `content:${slug}`);
  }
  await both<{ id: number; description: string }>('/bundles/index', ['description']);
  await both<{ id: number; name: string; description: string }>(
    '/products?per_page=100',
    ['name', 'description'],
    (p) => (p as { data: { id: number; name: string; description: string }[] }).data,
  );
  await both<{ iso: string; title: string }>('/countries', ['title']);
}
let germanTexts: Set<string>;

beforeAll(async () => {
  browser = await launchBrowser();
  const list = ((await (await fetch(`${baseUrl}/api/languages`)).json()) as { payload: { id: number; code: string }[] }).payload;
  languages = { en: list.find((l) => l.code === 'en')!.id, de: list.find((l) => l.code === 'de')!.id };
  germanId = languages.de;
  german = ((await (await fetch(`${baseUrl}/api/localizations?lang_id=${germanId}`)).json()) as { payload: Record<string, string> }).payload;
  germanTexts = new Set(Object.values(german));
  englishOnly = new Map();
  for (const key of textKeys) {
    const english = englishCatalogue[key];
    // Texts with values are checked through their rendered German elsewhere; words German shares (Chat, Coins) are no leak.
    if (english.includes('{') || !german[key] || german[key] === english || germanTexts.has(english)) continue;
    englishOnly.set(english, key);
  }
  await addEnglishContent(languages);
  // The check is armed with what issue 33 found in English on German screens.
  for (const english of [
    'Message',
    'Payout request',
    'Is my chat really anonymous?',
    'Terms of Service',
    'Starter — 600 coins',
    'Ocean Blue',
    'Germany',
    'Card number',
  ])
    expect(englishOnly.has(english), english).toBe(true);
});
afterAll(() => browser?.close());

/** The footer's language menu (the one that offers Deutsch; its label is itself translated). */
const languageMenu = (page: Page) => page.locator('footer select', { has: page.locator('option', { hasText: 'Deutsch' }) });

/** Every text the page shows or reads out, without the message log (what people wrote). */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const userContent = [...document.querySelectorAll('[role="log"]')];
    const isUserContent = (el: Element) => userContent.some((log) => log.contains(el));
    for (const line of document.body.innerText.split('\n')) out.push(line);
    for (const log of userContent) {
      const own = new Set((log as HTMLElement).innerText.split('\n'));
      for (let i = out.length - 1; i >= 0; i--) if (own.has(out[i]!) && out[i]!.trim() !== '') out.splice(i, 1);
    }
    // Every option of a select (country lists), not only the chosen one.
    for (const option of document.querySelectorAll('option')) if (!isUserContent(option)) out.push(option.textContent ?? '');
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
      if (isUserContent(el)) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out.map((line) => line.trim()).filter((line) => line !== '');
  });
}

/** English source texts left on the page: whole lines, and longer sentences inside a line. */
async function englishLeft(page: Page): Promise<string[]> {
  const left = new Set<string>();
  const lines = await pageTexts(page);
  for (const line of lines) {
    if (englishOnly.has(line)) left.add(`${englishOnly.get(line)}: ${line}`);
    for (const [english, key] of englishOnly) if (english.length >= 24 && line !== english && line.includes(english)) left.add(`${key}: ${english}`);
  }
  return [...left];
}

async function expectGerman(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await snap(page, `de-${name}`);
  expect(await englishLeft(page), `English texts on ${name}`).toEqual([]);
}

describe('the interface in German', () => {
  it('switches to Deutsch in the footer; home, auth, rooms, chat, account and store show no English source text; the choice survives a reload', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await languageMenu(page).selectOption({ label: 'Deutsch' });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByRole('button', { name: german['cookies.declineAll'] }).click();
    await expect.poll(() => page.getByText(german['home.ctaTitle']!).count()).toBeGreaterThan(0);
    await expectGerman(page, 'home');

    // The choice is kept across a reload.
    await page.reload();
    await expect.poll(() => page.getByText(german['home.ctaTitle']!).count()).toBeGreaterThan(0);
    expect(await languageMenu(page).inputValue()).toBe(String(germanId));

    await page.goto('/auth?form=signin');
    await page.locator('form').getByRole('button', { name: german['nav.signIn'] }).click();
    await expect.poll(() => page.getByText(german['auth.emailPasswordRequired']!).count()).toBeGreaterThan(0);
    await expectGerman(page, 'sign-in');
    await page.goto('/auth?form=signup');
    await page.locator('form').getByRole('button', { name: german['nav.signUp'] }).click();
    await expect.poll(() => page.getByText(german['auth.nameRequired']!).count()).toBeGreaterThan(0);
    await expectGerman(page, 'sign-up');

    await signUpVerified(context, baseUrl, 'deutsch');
    await page.goto('/rooms');
    await page
      .locator('.room-card, [data-testid="room-card"]')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await expectGerman(page, 'rooms');

    await page.goto('/chat');
    await page.getByRole('radio').first().waitFor();
    await expectGerman(page, 'chat-start');
    await page.getByRole('radio', { name: /^(AI|KI)/ }).check();
    await page.getByRole('button', { name: german['chat.startChat'] }).click();
    await page.waitForURL(/\/topics\/\d+\/chat$/);
    const agree = page.getByRole('dialog').getByRole('button', { name: german['chat.agree'] });
    const indicator = page.locator('[data-testid="connection-indicator"][data-status="live"]');
    await expect.poll(async () => (await agree.count()) + (await indicator.count()), { timeout: 15_000 }).toBeGreaterThan(0);
    if (await agree.count()) {
      await expectGerman(page, 'chat-terms');
      await agree.click();
    }
    await indicator.waitFor({ timeout: 15_000 });
    await expectGerman(page, 'chat');

    for (const tab of ['', '?tab=personal', '?tab=balance', '?tab=orders', '?tab=history', '?tab=blocked', '?tab=security', '?tab=data']) {
      await page.goto(`/account${tab}`);
      await expectGerman(page, `account${tab.replace('?tab=', '-')}`);
    }

    await page.goto('/products');
    await page
      .locator('.product-card, [data-testid="product-card"]')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await expectGerman(page, 'store');

    // Still German after a reload while signed in, and the server's messages too.
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expectGerman(page, 'store-reloaded');

    // Issue 33: the FAQ, the legal pages, the top-up modal with its country list, the sandbox card page
    // and the history show no English catalogue text and no English seeded content either.
    const cookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    await addEnglishContent({ en: languages.en, de: germanId }, cookie);
    await page.goto('/rooms');
    await page.getByText('Kaffeepause').first().waitFor({ timeout: 15_000 });
    await expectGerman(page, 'rooms-content');
    await page.goto('/');
    await page.getByText('Ist mein Chat wirklich anonym?').first().waitFor({ timeout: 15_000 });
    await expectGerman(page, 'home-faq');
    for (const slug of ['terms', 'privacy', 'cookie-policy']) {
      await page.goto(`/${slug}`);
      await page.locator('h1, h2').first().waitFor();
      await expectGerman(page, `page-${slug}`);
    }

    await page.goto('/account?tab=balance');
    await page.getByRole('button', { name: german['account.topUp'], exact: true }).click();
    const dialog = page.getByRole('dialog', { name: german['account.topUp'] });
    await dialog.getByRole('button', { name: german['topUpUi.continue'] }).click();
    await dialog.locator('select[name="country"]').waitFor();
    await expectGerman(page, 'top-up-details');
    expect(await dialog.locator('select[name="country"] option', { hasText: 'Deutschland' }).count()).toBe(1);
    const fill = async (name: string, value: string) => {
      const field = dialog.locator(`input[name="${name}"]`);
      if (!(await field.inputValue())) await field.fill(value);
    };
    await fill('surname', 'Tester');
    await fill('city', 'Berlin');
    await fill('address', 'Unter den Linden 1');
    await fill('postCode', '10117');
    await dialog.locator('select[name="country"]').selectOption({ label: 'Deutschland' });
    await dialog.locator('input[name="accept_terms"]').check();
    await dialog.locator('button[type="submit"]').click();
    await page.waitForURL(/\/sandbox-pay\//, { timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expectGerman(page, 'sandbox-card');
    await payWithCard(page, sandboxCards.success);
    await page.waitForURL((url) => url.pathname === '/success-payment', { timeout: 30_000 });
    await expectGerman(page, 'top-up-success');
    await page.goto('/account?tab=history');
    await page.getByText(german['historyTypes.top_up']!).first().waitFor({ timeout: 15_000 });
    await expectGerman(page, 'history-after-top-up');
    await context.close();
  });
});
