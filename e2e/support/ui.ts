import { texts } from '@parley/contracts';
import { type Locator, type Page } from 'playwright-core';

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

/** A modal's footer button (the header's × is also named 'Close'). */
export const footerButton = (dialog: Locator, name: string) => dialog.locator('footer').getByRole('button', { name, exact: true });
