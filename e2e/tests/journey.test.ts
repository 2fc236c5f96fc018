import { texts } from '@parley/contracts';
import { type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, snap } from '../support/browser.js';
import { signInThroughUi } from '../support/ui.js';
import { signUpVerified } from '../support/users.js';

/**
 * Normal use logs nothing to the console (issue #13): a journey over home, auth, rooms, chat,
 * account and store fails on any console error or warning, an uncaught page error included. The
 * expected answers of normal use (no contributor application yet, a handled 402/403/409) must not
 * surface as failed requests in the console either.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Every console error or warning and every uncaught exception the page produces, with where it happened. */
function recordConsole(page: Page) {
  const noise: string[] = [];
  const where = () => new URL(page.url()).pathname + new URL(page.url()).search;
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(`${message.type()} on ${where()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => noise.push(`uncaught on ${where()}: ${error.message}`));
  return noise;
}

describe('a journey through the app logs no console error or warning', () => {
  it('home → sign in → rooms → topics → AI chat → account tabs → store', async () => {
    // The account is made beforehand in its own context; this browser signs in through the form.
    const setup = await newContext(browser, baseUrl);
    const user = await signUpVerified(setup, baseUrl, 'journey');
    await setup.close();

    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const noise = recordConsole(page);

    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: texts.cookies.declineAll }).click();

    await signInThroughUi(page, user.email, user.password);

    await page.goto('/rooms');
    const firstRoom = page.locator('a[href^="/rooms/"][href$="/topics"]').first();
    await firstRoom.waitFor();
    await firstRoom.click();
    await page.waitForURL(/\/rooms\/\d+\/topics/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await page.goto('/chat');
    await page.getByRole('radio', { name: /^AI/ }).check();
    await page.getByRole('button', { name: texts.chat.startChat }).click();
    await page.waitForURL(/\/topics\/\d+\/chat$/);
    const agree = page.getByRole('dialog').getByRole('button', { name: texts.chat.agree });
    const indicator = page.locator('[data-testid="connection-indicator"][data-status="live"]');
    await expect.poll(async () => (await agree.count()) + (await indicator.count()), { timeout: 15_000 }).toBeGreaterThan(0);
    if (await agree.count()) await agree.click();
    await indicator.waitFor({ timeout: 15_000 });
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello there');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('log', { name: 'Messages' }).getByText('Hello there').waitFor();

    for (const tab of ['', '?tab=balance', '?tab=purchases', '?tab=payouts']) {
      await page.goto(`/account${tab}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
    }

    await page.goto('/products');
    const product = page.locator('a[href^="/products/"]').first();
    await product.waitFor();
    await product.click();
    await page.waitForURL(/\/products\/\d+/);
    await page.waitForLoadState('networkidle');
    await snap(page, 'journey-store-product');

    expect(noise, noise.join('\n')).toEqual([]);
    await context.close();
  });
});
