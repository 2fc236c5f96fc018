import { texts } from '@parley/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, snap } from '../support/browser.js';
import { signedInPage } from '../support/users.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('data rights (issue 15)', () => {
  it('downloads a ZIP of their data, then deletes the account and is signed out for good', async () => {
    const { context, page, user } = await signedInPage(browser, baseUrl, 'leaver');
    await page.goto('/account?tab=data');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: texts.account.download }).click()]);
    expect(download.suggestedFilename()).toMatch(/^parley-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ email: user.email, name: user.name });
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['messages.json', 'ledger.json', 'payouts.json']));
    await snap(page, 'data-rights-tab');

    await page.getByRole('button', { name: texts.account.deleteButton }).click();
    const dialog = page.getByRole('dialog', { name: texts.account.deleteConfirmTitle });
    await dialog.getByLabel(texts.twoFactor.password, { exact: true }).fill('not my password');
    await dialog.getByRole('button', { name: texts.account.deleteConfirm }).click();
    await expect.poll(() => dialog.getByText(texts.auth.currentPasswordWrong).count()).toBeGreaterThan(0);
    await dialog.getByLabel(texts.twoFactor.password, { exact: true }).fill(user.password);
    await snap(page, 'data-rights-delete-confirm');
    await dialog.getByRole('button', { name: texts.account.deleteConfirm }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText(texts.account.deleted).count()).toBeGreaterThan(0);
    // Home with the goodbye notice — not the sign-in page with a redirect back to the deleted account (issue 33 #21).
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(page.url()).not.toContain('form=signin');
    expect(await page.getByText(texts.home.hero).count()).toBeGreaterThan(0);
    await snap(page, 'data-rights-deleted-home');

    // Signed out, and the old credentials no longer open anything.
    await page.goto('/auth?form=signin');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText(texts.auth.invalidCredentials).count()).toBeGreaterThan(0);
    await context.close();
  });
});
