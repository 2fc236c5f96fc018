import { texts } from '@parley/contracts';
import { type Locator, type Page } from 'playwright-core';
import { demoAdmin, withAdminCode } from './api.js';

/** Signs in through the form and waits for the default landing page (/account); declines the cookie banner so screenshots show the page. */
export async function signInThroughUi(page: Page, email: string, password: string, landing = '/account') {
  await page.goto('/auth?form=signin');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner
    .getByRole('button', { name: texts.cookies.declineAll })
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === landing);
}

/** Signs the demo admin in through the form: password, then the two-factor code step (issue 15). */
export async function signInAdminThroughUi(page: Page, landing = '/account') {
  await page.goto('/auth?form=signin');
  await page
    .getByRole('region', { name: 'Cookie consent' })
    .getByRole('button', { name: texts.cookies.declineAll })
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await page.getByLabel('Email').fill(demoAdmin.email);
  await page.getByLabel('Password', { exact: true }).fill(demoAdmin.password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel(texts.twoFactor.code);
  await code.waitFor();
  await withAdminCode(async (value) => {
    await code.fill(value);
    await page.getByRole('button', { name: texts.twoFactor.verify }).click();
    await page.waitForURL((url) => url.pathname === landing, { timeout: 10_000 });
  });
}

/** A modal's footer button (the header's × is also named 'Close'). */
export const footerButton = (dialog: Locator, name: string) => dialog.locator('footer').getByRole('button', { name, exact: true });
