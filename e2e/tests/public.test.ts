import { texts } from '@parley/contracts';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, mailLink, newContext, snap, uniqueEmail } from '../support/browser.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('accounts and public pages', () => {
  it('signs up, verifies through the dev mailbox, and follows the redirect after sign-in', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const email = uniqueEmail('journey');

    // A login-required page sends a guest to sign-in with the full path as redirect.
    await page.goto('/rooms?page=1');
    await page.waitForURL(/\/auth\?/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/rooms?page=1');

    await page.goto('/auth?form=signup');
    await page.getByLabel('Name').fill('Journey');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone', { exact: true }).fill('+4915112345678');
    await page.getByLabel('Password', { exact: true }).fill('Journey42x');
    await page.getByLabel('Confirm password').fill('Journey42x');
    await page.getByRole('checkbox').first().check();
    // Adults only (issue 15): sign-up asks for it.
    await page.getByLabel(texts.auth.confirmAdult).check();
    await snap(page, 'signup-filled');
    await page.locator('form').getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/email-verification/);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);

    await page.goto(await mailLink(baseUrl, email, '/email-verification'));
    await expect.poll(() => page.getByText(texts.auth.emailVerified).count()).toBeGreaterThan(0);

    await page.goto(`/auth?form=signin&redirect=${encodeURIComponent('/rooms?page=1')}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Journey42x');
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/rooms');

    // Guests-only pages send a signed-in user home.
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('shows the sign-up messages in the spec order', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/auth?form=signup');
    await page.locator('form').getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText(texts.auth.nameRequired).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('falls back to sign-in for an unknown form, and shows NotFound for unknown and reserved slugs', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/auth?form=bogus');
    await expect.poll(() => page.locator('form').getByRole('button', { name: 'Sign in' }).count()).toBeGreaterThan(0);

    for (const path of ['/no-such-page-here', '/static-page/does-not-exist', '/topics']) {
      await page.goto(path);
      await expect.poll(() => page.getByText(texts.common.notFound).count(), { message: path }).toBeGreaterThan(0);
    }
    await page
      .getByRole('link', { name: texts.common.goBackHome })
      .or(page.getByRole('button', { name: texts.common.goBackHome }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText(texts.home.hero).count()).toBeGreaterThan(0);
    await snap(page, 'home-desktop');
    await context.close();
  });

  it('renders a static page by slug and by id, with tables wrapped and no inline styles', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/cookie-policy');
    await expect.poll(() => page.getByRole('heading', { name: 'Cookie Policy' }).count()).toBeGreaterThan(0);
    const wrapped = await page
      .locator('table')
      .evaluateAll((tables) => tables.every((t) => t.parentElement !== null && getComputedStyle(t.parentElement).overflowX !== 'visible'));
    expect(wrapped).toBe(true);
    const pages = (await (await fetch(`${baseUrl}/api/static-pages`)).json()) as { payload: { id: number; slug: string }[] };
    const terms = pages.payload.find((p) => p.slug === 'terms')!;
    await page.goto(`/static-page/${terms.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Terms of Service' }).count()).toBeGreaterThan(0);
    expect(await page.locator('[style*="color"]').count()).toBe(0);
    await context.close();
  });

  it('remembers the cookie banner choice across a reload', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect.poll(() => banner.count()).toBe(1);
    await banner.getByRole('button', { name: texts.cookies.declineAll }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByText(texts.home.hero).count()).toBeGreaterThan(0);
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('falls back to English when the stored language is unknown', async () => {
    const context = await newContext(browser, baseUrl);
    await context.addInitScript(() => localStorage.setItem('languageId', '9999'));
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByText(texts.home.hero).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(texts.home.ctaTitle).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the balance in Coins and Logout in the mobile menu', async () => {
    const context = await newContext(browser, baseUrl, { mobile: true });
    const page = await context.newPage();
    await page.goto('/auth?form=signin');
    await page.getByLabel('Email').fill('demo@parley.chat');
    await page.getByLabel('Password', { exact: true }).fill('DemoPass123');
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect.poll(() => menu.getByText(/Coins/).count()).toBeGreaterThan(0);
    await snap(page, 'mobile-menu');
    await menu
      .getByRole('button', { name: texts.nav.logout })
      .or(menu.getByRole('link', { name: texts.nav.logout }))
      .first()
      .click();
    await page.waitForTimeout(300);
    await page.goto('/account');
    await page.waitForURL(/\/auth\?/);
    await context.close();
  });
});
