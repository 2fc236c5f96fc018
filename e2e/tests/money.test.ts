import { readFileSync } from 'node:fs';
import { texts } from '@parley/contracts';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, snap } from '../support/browser.js';
import { payWithCard, sandboxCards } from '../support/sandbox.js';
import { footerButton, signInAdminThroughUi } from '../support/ui.js';
import { apiPost, signedInPage } from '../support/users.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
const eventually = <T>(fn: () => T | Promise<T>, message?: string) => expect.poll(fn, { timeout: 15_000, message });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const billing = {
  name: 'Ada',
  surname: 'Lovelace',
  phone: '+4915112345678',
  email: 'ada@example.com',
  country: 'EE',
  city: 'Tallinn',
  address: 'Narva mnt 5',
  postCode: '10117',
  accept_terms: true,
};

/** A signed-in user who bought 1000 coins (10 € + VAT) on the sandbox's hosted card page. Returns the deposit id and the card page. */
async function buyCoins(prefix: string) {
  const session = await signedInPage(browser, baseUrl, prefix);
  const started = await apiPost<{ deposit: { id: number }; redirect_url: string }>(session.context, baseUrl, '/deposit/checkout', {
    ...billing,
    amount: 10,
    currency: 'EUR',
  });
  const cardPage = started.payload.redirect_url;
  await session.page.goto(cardPage);
  await payWithCard(session.page, sandboxCards.success);
  await session.page.waitForURL(/\/success-payment/, { timeout: 20_000 });
  return { ...session, depositId: started.payload.deposit.id, cardPage };
}

async function adminPage(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, baseUrl);
  const page = await context.newPage();
  await signInAdminThroughUi(page, '/account');
  await page.goto(path);
  return { context, page };
}

describe('money journeys', () => {
  it('an admin refunds a top-up from /admin; the user sees Refunded in the history and the coins are gone', async () => {
    const { page, context, user, depositId } = await buyCoins('refunded');
    const admin = await adminPage('/admin/payments');
    const row = admin.page.getByTestId(`payment-deposit-${depositId}`);
    await eventually(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(user.email);
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = admin.page.getByRole('dialog');
    await eventually(() => dialog.getByTestId('refund-quote').textContent()).toContain('The user still has 1000 of the 1000 coins bought');
    await dialog.getByLabel('Reason').fill('Asked for by the customer');
    await snap(admin.page, 'admin-refund-dialog');
    await footerButton(dialog, 'Refund').click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(async () => (await row.textContent()) ?? '').toContain('refunded');
    await snap(admin.page, 'admin-payments');

    await page.goto('/account?tab=history');
    const transactions = page.getByRole('region', { name: 'Transactions' }).first();
    await eventually(async () => (await transactions.textContent()) ?? '').toContain('Refunded');
    await eventually(() => page.getByTestId('coins-balance').textContent()).toContain('200');
    await snap(page, 'history-refunded');
    await context.close();
    await admin.context.close();
  });

  it('the buyer downloads the PDF receipt of a top-up from the purchase history', async () => {
    const { page, context } = await buyCoins('receipt');
    await page.goto('/account?tab=balance');
    const link = page.getByRole('link', { name: /PDF receipt of purchase/ }).first();
    await eventually(() => link.count()).toBe(1);
    await snap(page, 'purchases-receipt');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^parley-receipt-R-\d{6}\.pdf$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The same screens on a phone: the purchases table scrolls sideways, the statement form wraps.
    const mobile = await newContext(browser, baseUrl, { mobile: true });
    await mobile.addCookies(await context.cookies());
    const phone = await mobile.newPage();
    await phone.goto('/account?tab=balance');
    await eventually(() => phone.getByRole('link', { name: /PDF receipt of purchase/ }).count()).toBe(1);
    await snap(phone, 'purchases-receipt-mobile');
    // What was bought (Sum and Coins) is on screen without scrolling the table sideways.
    const table = phone.getByRole('table', { name: 'Purchase history' });
    for (const column of ['Sum', 'Coins']) {
      const box = (await table.getByRole('columnheader', { name: column, exact: true }).boundingBox())!;
      expect(box.x + box.width, `${column} column on a 390 px phone`).toBeLessThanOrEqual(390);
    }
    await phone.goto('/account?tab=history');
    await eventually(() => phone.getByRole('link', { name: 'Download CSV' }).count()).toBe(1);
    await snap(phone, 'history-statement-mobile');
    await mobile.close();
    await context.close();
  });

  it('a dispute opened on the sandbox card page puts the deposit on hold and shows on the admin dashboard', async () => {
    const { page, context, user, cardPage } = await buyCoins('disputed');
    await page.goto(cardPage);
    await page.getByRole('button', { name: 'Open a dispute' }).click();
    await eventually(() => page.getByTestId('dispute-status').textContent()).toContain('A test dispute is open');
    await snap(page, 'sandbox-dispute');

    const admin = await adminPage('/admin');
    const card = admin.page.locator('.admin-card').filter({ hasText: 'Open disputes' });
    await eventually(async () => Number((await card.locator('.admin-card__value').textContent()) ?? '0')).toBeGreaterThan(0);
    await snap(admin.page, 'admin-dashboard-disputes');
    await card.getByRole('link', { name: 'Open disputes' }).click();
    await eventually(async () => (await admin.page.getByRole('table').textContent()) ?? '').toContain(user.email);
    await snap(admin.page, 'admin-disputes');

    await page.goto('/account?tab=history');
    await eventually(async () => (await page.getByRole('region', { name: 'Transactions' }).first().textContent()) ?? '').toContain('Disputed');
    expect(texts.money.disputeNoticeTitle).toBeTruthy();
    await context.close();
    await admin.context.close();
  });
});
