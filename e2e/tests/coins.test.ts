import { texts, type Bundle, type PublicSettings, type UserProfile } from '@parley/contracts';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, snap } from '../support/browser.js';
import { payWithCard, sandboxCards } from '../support/sandbox.js';
import { apiGet, signedInPage } from '../support/users.js';
import { englishText } from '@parley/contracts/i18n';

const baseUrl = inject('baseUrl');
let browser: Browser;
let settings: PublicSettings;

/** expect.poll with room for a busy machine (the default gives up after 1 s). */
const eventually = <T>(fn: () => T | Promise<T>, message?: string) => expect.poll(fn, { timeout: 15_000, message });

// The app's display formats (spec §5 Display): '12 500', '30.50 €', 'DD.MM.YYYY', 'MMM D, YYYY'.
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const coins = (n: number) => `${grouped(n)} Coins`;
const euro = (n: number) => `${n.toFixed(2)} €`;
const withVat = (price: number) => Math.round(price * 100 * (1 + settings.vat_percent / 100)) / 100;
const pad = (n: number) => String(n).padStart(2, '0');
const today = () => {
  const d = new Date();
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
};
const longDate = (iso: string) => {
  const d = new Date(iso);
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
};

beforeAll(async () => {
  browser = await launchBrowser();
  settings = ((await (await fetch(`${baseUrl}/api/settings`)).json()) as { payload: PublicSettings }).payload;
});
afterAll(() => browser?.close());

const signedIn = (prefix: string) => signedInPage(browser, baseUrl, prefix);

const balance = (page: Page) => page.getByTestId('coins-balance');
const purchases = (page: Page) => page.getByRole('table', { name: 'Purchase history' });
/** The Purchases rows with data (padding rows are aria-hidden, the empty row has one cell). */
const purchaseRows = (page: Page) => purchases(page).locator('tbody tr:not([aria-hidden="true"])');

async function openBalanceTab(page: Page) {
  await page.goto('/account?tab=balance');
  await eventually(() => balance(page).count()).toBe(1);
}

/** The Balance card in the side column, and 'Your balance' when the Balance tab is open. */
async function expectBalance(page: Page, amount: number) {
  await eventually(() => balance(page).textContent(), 'balance card').toBe(coins(amount));
  const yours = page.getByRole('region', { name: 'Your balance' });
  if (await yours.count()) await eventually(() => yours.textContent(), 'Your balance').toContain(coins(amount));
}

/** Step 2 of the Top Up modal: fills what a fresh profile lacks, accepts the terms and pays. */
async function fillDetailsAndPay(page: Page, total: number) {
  const dialog = page.getByRole('dialog', { name: texts.account.topUp });
  await eventually(() => dialog.getByLabel('City').count()).toBe(1);
  const fillIfEmpty = async (label: string, value: string) => {
    const field = dialog.getByLabel(label, { exact: true });
    if (!(await field.inputValue())) await field.fill(value);
  };
  await fillIfEmpty('Surname', 'Tester');
  await fillIfEmpty('City', 'Tallinn');
  await fillIfEmpty('Address', 'Narva mnt 5');
  await fillIfEmpty('Post code', '10117');
  const country = dialog.getByLabel('Country');
  if (!(await country.inputValue())) await country.selectOption({ label: 'Estonia' });
  await snap(page, `top-up-details-${total}`);
  await dialog.getByLabel(/I accept the/).check();
  await dialog.getByRole('button', { name: `Pay ${euro(total)}` }).click();
  // Processing → 'Go to payment page' → automatic redirect to the hosted card page after 2 s.
  await page.waitForURL(/\/sandbox-pay\//);
  expect(await page.getByTestId('amount').textContent()).toBe(`€${total.toFixed(2)}`);
}

/** Tops up 25 € (the preselected quick amount) through the modal and the card page. */
async function topUp25(page: Page, card: string) {
  await page.getByRole('button', { name: texts.account.topUp, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.account.topUp });
  await eventually(() => dialog.getByLabel('Amount (€)').inputValue()).toBe('25');
  expect(await dialog.getByRole('button', { name: '25 €' }).getAttribute('aria-pressed')).toBe('true');
  await eventually(() => dialog.getByText(coins(25 * settings.points_convertion_rate), { exact: true }).count()).toBe(1);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await fillDetailsAndPay(page, withVat(25));
  await payWithCard(page, card);
}

async function expectTopUpSuccess(page: Page, points: number) {
  await page.waitForURL((url) => url.pathname === '/success-payment', { timeout: 30_000 });
  await eventually(() => page.getByRole('heading', { name: 'Top-up successful' }).count()).toBe(1);
  expect(await page.getByText(texts.account.pointsAdded).count()).toBe(1);
  await eventually(() => page.getByText(`${coins(points)} have been added to your balance.`).count()).toBe(1);
}

describe('coins: top-up, bundles and channel status', () => {
  it('tops up 25 € with the success card: success page, then the balance and a Purchases row right after', async () => {
    const { context, page } = await signedIn('topup');
    await openBalanceTab(page);
    await expectBalance(page, settings.initial_points);
    await eventually(() => purchases(page).getByText(texts.account.noTransactionHistory).count()).toBe(1);

    await topUp25(page, sandboxCards.success);
    const points = 25 * settings.points_convertion_rate;
    await expectTopUpSuccess(page, points);
    await snap(page, 'top-up-success');

    await page.getByRole('link', { name: texts.topUp.viewHistory }).click();
    await page.waitForURL((url) => url.pathname === '/account' && url.searchParams.get('tab') === 'balance');
    await expectBalance(page, settings.initial_points + points);
    await eventually(() => purchaseRows(page).count()).toBe(1);
    // The receipt is numbered moments after the payment (decision 023): its PDF link shows up without a reload.
    await eventually(async () => (await purchaseRows(page).first().locator('td').allTextContents()).at(-1)).toBe('PDF');
    const cells = await purchaseRows(page).first().locator('td').allTextContents();
    expect(cells[0]).toMatch(/^#\d+$/);
    expect(cells.slice(1)).toEqual([today(), euro(withVat(25)), grouped(points), 'Successfully', 'PDF']);
    await snap(page, 'top-up-history');
    await context.close();
  });

  it('a declined card lands on the fail page and credits nothing', async () => {
    const { context, page } = await signedIn('declined');
    await openBalanceTab(page);
    await topUp25(page, sandboxCards.declined);

    await page.waitForURL((url) => url.pathname === '/fail-payment', { timeout: 30_000 });
    await eventually(() => page.getByRole('heading', { name: 'Payment failed' }).count()).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: texts.topUp.paymentFailedOrCancelled }).count()).toBe(1);
    await snap(page, 'top-up-declined');

    await page.getByRole('link', { name: texts.topUp.tryAgain }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('tab', { name: 'Balance' }).click();
    await expectBalance(page, settings.initial_points);
    await eventually(() => purchases(page).getByText(texts.account.noTransactionHistory).count()).toBe(1);
    expect(await purchaseRows(page).count()).toBe(1); // only the empty-state row
    const deposits = await apiGet<{ data: unknown[] }>(context, baseUrl, '/deposit/history');
    expect(deposits.data).toHaveLength(0);
    await context.close();
  });

  it('buys a bundle from Buy Bundle (3-D Secure card): its coins and a Purchases row right after', async () => {
    const { context, page } = await signedIn('bundle');
    const bundles = await apiGet<Bundle[]>(context, baseUrl, '/bundles/index');
    expect(bundles.length).toBeGreaterThan(0);
    const bundle = bundles[0]!;
    await openBalanceTab(page);
    const buyCard = page.getByRole('region', { name: 'Buy Bundle' });
    await eventually(() => buyCard.getByRole('listitem').count()).toBe(Math.min(3, bundles.length));

    await buyCard.getByRole('button', { name: `Buy ${bundle.description} for ${euro(bundle.display.amount)}` }).click();
    const dialog = page.getByRole('dialog', { name: texts.account.topUp });
    await eventually(() => dialog.getByRole('radio', { checked: true }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Bundle' }).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await fillDetailsAndPay(page, withVat(bundle.price));

    await payWithCard(page, sandboxCards.threeDSecure);
    await eventually(() => page.getByRole('heading', { name: '3-D Secure authentication' }).count()).toBe(1);
    await snap(page, 'bundle-3ds');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expectTopUpSuccess(page, bundle.points);

    await page.getByRole('link', { name: texts.topUp.viewHistory }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'balance');
    await expectBalance(page, settings.initial_points + bundle.points);
    await eventually(() => purchaseRows(page).count()).toBe(1);
    await eventually(async () => (await purchaseRows(page).first().locator('td').allTextContents()).at(-1)).toBe('PDF');
    const cells = await purchaseRows(page).first().locator('td').allTextContents();
    expect(cells.slice(1)).toEqual([today(), euro(withVat(bundle.price)), grouped(bundle.points), 'Successfully', 'PDF']);
    await snap(page, 'bundle-history');
    await context.close();
  });

  it('buys channel status twice: the second asks Yes/No and extends the expiry; balance and history after each', async () => {
    const { context, page } = await signedIn('channel');
    const cost = settings.channel_status_cost;
    const days = settings.channel_status_duration * 7;
    await openBalanceTab(page);
    let expected = settings.initial_points;
    if (cost * 2 > expected) {
      // Not enough sign-up coins for two purchases: top up first, as a user would.
      await topUp25(page, sandboxCards.success);
      await expectTopUpSuccess(page, 25 * settings.points_convertion_rate);
      expected += 25 * settings.points_convertion_rate;
      await openBalanceTab(page);
    }
    expect(expected).toBeGreaterThanOrEqual(cost * 2);
    await expectBalance(page, expected);

    const card = page.getByRole('region', { name: 'Channel status' });
    /** The newest rows of the account's History tab (transactions). */
    const historyRows = async (count: number) => {
      const rows = page.getByRole('region', { name: 'Transactions' }).first().locator('tbody tr:not([aria-hidden="true"])');
      const all = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      return all.slice(0, count);
    };
    const channelRow = ['Channel status', `-${coins(cost)}`, 'Successfully', today()];

    // First purchase: above the spend-confirmation amount (default 100 coins), so it asks once (issue 33 #13).
    await card.getByRole('button', { name: englishText('account.buyChannel', { days }) }).click();
    const spend = page.getByRole('dialog', { name: englishText('spending.confirmTitle', { coins: grouped(cost) }) });
    await spend.getByRole('button', { name: englishText('spending.confirmSpend', { coins: grouped(cost) }) }).click();
    await eventually(() => page.getByRole('status').filter({ hasText: texts.account.channelPurchased }).count()).toBeGreaterThan(0);
    expected -= cost;
    await expectBalance(page, expected);
    const first = await apiGet<UserProfile>(context, baseUrl, '/user/profile');
    expect(first.is_channel).toBe(true);
    const firstExpiry = new Date(first.channel_expire_at!).getTime();
    expect(Math.abs(firstExpiry - Date.now() - days * 86_400_000)).toBeLessThan(10 * 60_000);
    const activeButton = card.getByRole('button', { name: englishText('account.channelActiveUntil', { date: longDate(first.channel_expire_at!) }) });
    await eventually(() => activeButton.count()).toBe(1);
    await snap(page, 'channel-first');
    await page.getByRole('tab', { name: 'History' }).click();
    await eventually(() => historyRows(1), 'History after the first purchase').toEqual([channelRow]);

    // Second purchase: Yes/No first; No changes nothing.
    await activeButton.click();
    const confirm = page.getByRole('dialog', { name: 'Extend channel status?' });
    await eventually(() =>
      confirm.getByText(`Your channel status is active until ${longDate(first.channel_expire_at!)}. Buy ${days} more days for ${coins(cost)}?`).count(),
    ).toBe(1);
    await snap(page, 'channel-confirm');
    await confirm.getByRole('button', { name: texts.common.no }).click();
    await eventually(() => confirm.count()).toBe(0);
    expect((await apiGet<UserProfile>(context, baseUrl, '/user/profile')).balance).toBe(expected);

    await activeButton.click();
    await confirm.getByRole('button', { name: texts.common.yes }).click();
    await eventually(() => confirm.count()).toBe(0);
    expected -= cost;
    await expectBalance(page, expected);
    const second = await apiGet<UserProfile>(context, baseUrl, '/user/profile');
    expect(new Date(second.channel_expire_at!).getTime() - firstExpiry).toBe(days * 86_400_000);
    await eventually(() =>
      card.getByRole('button', { name: englishText('account.channelActiveUntil', { date: longDate(second.channel_expire_at!) }) }).count(),
    ).toBe(1);
    // Still on the History tab: the new row shows without leaving it.
    await eventually(() => historyRows(2), 'History after the second purchase').toEqual([channelRow, channelRow]);
    await snap(page, 'channel-second');
    await context.close();
  });
});
