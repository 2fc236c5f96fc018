import { texts } from '@parley/contracts';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, snap } from '../support/browser.js';
import { signInThroughUi } from '../support/ui.js';
import { apiGet, apiPost, apiPut, signUpVerified } from '../support/users.js';

/**
 * Issue 34 §4: a dark theme that follows the system, with a saved light / dark / system choice in the header.
 * Axe runs over both themes in a11y.test.ts; this file checks the choice itself and takes the dark screenshots
 * (desktop and mobile, English and German) a person looks at.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);
/** The page background's brightness (0 black … 255 white). */
const backgroundLightness = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
    return Math.round(0.2126 * r! + 0.7152 * g! + 0.0722 * b!);
  });
const declineCookies = (page: Page) =>
  page
    .getByRole('region', { name: 'Cookie consent' })
    .getByRole('button', { name: texts.cookies.declineAll })
    .click({ timeout: 3000 })
    .catch(() => undefined);

describe('dark mode', () => {
  it('the header theme menu switches to dark, the choice survives a reload, and System follows the browser again', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 800 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/');
    await declineCookies(page);
    expect(await theme(page)).toBe('light');
    expect(await backgroundLightness(page)).toBeGreaterThan(200);

    await page.getByRole('button', { name: texts.appUi.theme }).click();
    await page.getByRole('button', { name: texts.appUi.themeDark }).click();
    expect(await theme(page)).toBe('dark');
    expect(await backgroundLightness(page)).toBeLessThan(60);

    await page.reload();
    await page.getByText(texts.home.hero).first().waitFor();
    expect(await theme(page)).toBe('dark');
    expect(await backgroundLightness(page)).toBeLessThan(60);

    await page.getByRole('button', { name: texts.appUi.theme }).click();
    expect(await page.getByRole('button', { name: texts.appUi.themeDark }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: texts.appUi.themeSystem }).click();
    expect(await theme(page)).toBe('light');
    await context.close();
  });

  it('a dark system gets the dark page from CSS alone, before any script runs', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, colorScheme: 'dark', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    expect(await theme(page)).toBeNull();
    expect(await backgroundLightness(page)).toBeLessThan(60);
    // A saved 'light' choice would win once main.tsx runs: the CSS only follows the system while no choice is set.
    await context.close();
  });

  it('the sandbox payment page follows a dark system', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 800 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await signInThroughUi(page, 'demo@parley.chat', 'DemoPass123');
    const started = await apiPost<unknown>(context, baseUrl, '/deposit/checkout', {
      name: 'Demo',
      surname: 'Tester',
      phone: '+37251234567',
      email: 'demo@parley.chat',
      country: 'EE',
      city: 'Tallinn',
      address: 'Narva mnt 5',
      postCode: '10117',
      currency: 'EUR',
      accept_terms: true,
      amount: 25,
    });
    await page.goto(String((started as { redirect_url?: string }).redirect_url));
    await page.getByLabel('Card number').waitFor();
    expect(await backgroundLightness(page)).toBeLessThan(60);
    await snap(page, 'dark-sandbox-pay');
    await context.close();
  });

  for (const language of ['en', 'de'] as const) {
    for (const mobile of [false, true]) {
      it(`screens in the dark theme (${language}, ${mobile ? 'mobile' : 'desktop'})`, async () => {
        const context = await browser.newContext({
          baseURL: baseUrl,
          viewport: mobile ? { width: 390, height: 844 } : { width: 1366, height: 800 },
          isMobile: mobile,
          hasTouch: mobile,
          colorScheme: 'dark',
        });
        if (language === 'de') {
          const languages = (await (await fetch(`${baseUrl}/api/languages`)).json()) as { payload: { id: number; code: string }[] };
          const germanId = languages.payload.find((l) => l.code === 'de')!.id;
          await context.addInitScript((id) => window.localStorage.setItem('languageId', String(id)), germanId);
        }
        const page = await context.newPage();
        const name = (screen: string) => `dark-${language}-${mobile ? 'mobile' : 'desktop'}-${screen}`;
        await page.goto('/');
        await page.waitForLoadState('networkidle');
        await snap(page, name('home-banner'));
        await declineCookies(page);
        await page.locator('form, .hero').first().waitFor();
        expect(await theme(page)).toBe('dark');
        await snap(page, name('home'));
        await page.goto('/auth?form=signup');
        await page.locator('form').first().waitFor();
        await snap(page, name('auth'));

        // A user of its own, whose account language is this run's (a signed-in user sees their account's language).
        await signUpVerified(context, baseUrl, `dark${language}${mobile ? 'm' : 'd'}`);
        const languageIds = (await (await fetch(`${baseUrl}/api/languages`)).json()) as { payload: { id: number; code: string }[] };
        await apiPut(context, baseUrl, '/user/language', { language_id: languageIds.payload.find((l) => l.code === language)!.id });
        for (const [screen, path] of [
          ['account', '/account'],
          ['rooms', '/rooms'],
          ['start-chat', '/chat'],
          ['store', '/products'],
        ] as const) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await snap(page, name(screen));
        }
        const rooms = await apiGet<{ data: { id: number }[] }>(context, baseUrl, '/rooms/index');
        await page.goto(`/rooms/${rooms.data[0]!.id}/topics`);
        await page.waitForLoadState('networkidle');
        await snap(page, name('topics'));
        // One open topic per user: the first screen run creates it, later runs reopen it.
        const topicId = await apiPost<{ topic: { id: number } }>(context, baseUrl, '/topics/create', {
          room_id: rooms.data[0]!.id,
          title: `Dark ${Date.now().toString(36)}`,
        }).then(
          (created) => created.payload.topic.id,
          (error: Error) => Number(/"topic_id":(\d+)/.exec(error.message)?.[1]),
        );
        await page.goto(`/topics/${topicId}/chat`);
        await page.getByTestId('chat-status').waitFor({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        await snap(page, name('chat-rules'));
        const agree = page.getByRole('dialog').getByRole('button', { name: language === 'de' ? 'Zustimmen' : texts.chat.agree });
        if (await agree.count()) {
          await agree.click();
          await agree.waitFor({ state: 'detached' });
        }
        await page.waitForLoadState('networkidle');
        await snap(page, name('chat'));
        if (mobile) {
          await page
            .getByRole('button', { name: /menu|Menü/ })
            .first()
            .click();
          await snap(page, name('menu'));
        } else {
          await page.getByRole('button', { name: language === 'de' ? 'Design' : texts.appUi.theme }).click();
          await snap(page, name('theme-menu'));
        }
        await context.close();
      });
    }
  }
});
