import { englishCatalogue, textKeys, type TextKey } from '@parley/contracts/i18n';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, snap } from '../support/browser.js';
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
/** English texts that must not appear once German is chosen: those whose German is different. */
let englishOnly: Map<string, TextKey>;

beforeAll(async () => {
  browser = await launchBrowser();
  const languages = ((await (await fetch(`${baseUrl}/api/languages`)).json()) as { payload: { id: number; code: string }[] }).payload;
  germanId = languages.find((l) => l.code === 'de')!.id;
  german = ((await (await fetch(`${baseUrl}/api/localizations?lang_id=${germanId}`)).json()) as { payload: Record<string, string> }).payload;
  const germanTexts = new Set(Object.values(german));
  englishOnly = new Map();
  for (const key of textKeys) {
    const english = englishCatalogue[key];
    // Texts with values are checked through their rendered German elsewhere; words German shares (Chat, Coins) are no leak.
    if (english.includes('{') || !german[key] || german[key] === english || germanTexts.has(english)) continue;
    englishOnly.set(english, key);
  }
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
    await expectGerman(page, 'store');

    // Still German after a reload while signed in, and the server's messages too.
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expectGerman(page, 'store-reloaded');
    await context.close();
  });
});
