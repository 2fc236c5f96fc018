import { bubblePalette, texts, type BubbleColor, type Product, type PublicSettings, type SkinsPayload } from '@parley/contracts';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, snap } from '../support/browser.js';
import { payWithCard, sandboxCards } from '../support/sandbox.js';
import { apiGet, apiPost, signedInPage } from '../support/users.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
let settings: PublicSettings;
let products: Product[];

/** expect.poll with room for a busy machine (the default gives up after 1 s). */
const eventually = <T>(fn: () => T | Promise<T>, message?: string) => expect.poll(fn, { timeout: 15_000, message });
const euro = (n: number) => `${n.toFixed(2)} €`;
const totalWithVat = (product: Product) => (product.price_cents + Math.round((product.price_cents * settings.vat_percent) / 100)) / 100;

beforeAll(async () => {
  browser = await launchBrowser();
  settings = ((await (await fetch(`${baseUrl}/api/settings`)).json()) as { payload: PublicSettings }).payload;
  products = ((await (await fetch(`${baseUrl}/api/products?per_page=50`)).json()) as { payload: { data: Product[] } }).payload.data;
});
afterAll(() => browser?.close());

const signedIn = (prefix: string) => signedInPage(browser, baseUrl, prefix);
const bubbleSkin = (index: number) => products.filter((p) => p.kind === 'bubble_color')[index]!;

/** Catalog → product page → checkout → the sandbox card page, paying with `card`. */
async function buySkin(page: Page, product: Product, card: string, shot: string) {
  await page.goto('/products');
  const tile = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
  await eventually(() => tile.count()).toBe(1);
  expect(await tile.getByText(euro(product.price), { exact: true }).count()).toBe(1);
  await tile.getByRole('link', { name: product.name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/products/${product.id}`);
  await page.getByRole('link', { name: 'Buy now' }).click();
  await page.waitForURL((url) => url.pathname === `/checkout/${product.id}`);

  const form = page.locator('form.checkout');
  await eventually(() => form.getByLabel('City').count()).toBe(1);
  const fillIfEmpty = async (label: string, value: string) => {
    const field = form.getByLabel(label, { exact: true });
    if (!(await field.inputValue())) await field.fill(value);
  };
  await fillIfEmpty('Name', 'Skin');
  await fillIfEmpty('Surname', 'Buyer');
  await fillIfEmpty('Phone', '+4915112345678');
  await fillIfEmpty('City', 'Tallinn');
  await fillIfEmpty('Address', 'Narva mnt 5');
  await fillIfEmpty('Post code', '10117');
  const country = form.getByLabel('Country');
  if (!(await country.inputValue())) await country.selectOption({ label: 'Estonia' });
  expect(await form.getByLabel('Email', { exact: true }).inputValue()).toContain('@example.com');
  await form.getByLabel(/I accept the/).check();
  await snap(page, shot);
  await form.getByRole('button', { name: `Pay ${euro(totalWithVat(product))}` }).click();
  await page.waitForURL(/\/sandbox-pay\//);
  expect(await page.getByTestId('amount').textContent()).toBe(`€${totalWithVat(product).toFixed(2)}`);
  await payWithCard(page, card);
}

/** The bubble's computed colours, as the browser paints them. */
const paint = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }));

/** '#5b3df5' → 'rgb(91, 61, 245)', as getComputedStyle reports it. */
function rgb(hex: string) {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Opens a topic's chat and agrees to its terms when asked, until the chat is ready (its title shows). */
async function enterChat(page: Page, topicId: number, title: string) {
  await page.goto(`/topics/${topicId}/chat`);
  const agree = page.getByRole('dialog').getByRole('button', { name: texts.chat.agree });
  const ready = page.locator('.chat-shell__topic').getByText(title, { exact: true });
  await eventually(async () => (await agree.count()) + (await ready.count()), 'terms or chat').toBeGreaterThan(0);
  if (await agree.count()) await agree.click();
  await eventually(() => ready.count(), 'chat ready').toBe(1);
  await eventually(() => page.getByRole('dialog').count(), 'no dialog left').toBe(0);
}

describe('skin store', () => {
  it('buys a skin with the success card, equips it, and another user sees a message in it', async () => {
    const product = bubbleSkin(0);
    const palette = bubblePalette[product.look as BubbleColor];
    expect(palette).toBeDefined();
    const a = await signedIn('stylist');

    await buySkin(a.page, product, sandboxCards.success, 'store-checkout-filled');
    await a.page.waitForURL((url) => url.pathname === '/success-payment' && url.searchParams.get('type') === 'payment', { timeout: 30_000 });
    await eventually(() => a.page.getByRole('heading', { name: 'Order placed' }).count()).toBe(1);
    const summary = a.page.locator('dl.order-summary');
    await eventually(() => summary.textContent()).toContain('Successfully');
    expect(await summary.textContent()).toContain(product.name);
    expect(await summary.textContent()).toContain(euro(totalWithVat(product)));
    await snap(a.page, 'store-order-placed');

    await a.page.getByRole('link', { name: texts.topUp.viewOrders }).click();
    await a.page.waitForURL((url) => url.pathname === '/account' && url.searchParams.get('tab') === 'orders');
    const orderRow = a.page.getByRole('region', { name: 'Orders' }).locator('tbody tr:not([aria-hidden="true"])');
    await eventually(() => orderRow.count()).toBe(1);
    const cells = await orderRow.locator('td').allTextContents();
    expect(cells.slice(1, 4)).toEqual([product.name, euro(totalWithVat(product)), 'Successfully']);
    await a.page.goto(`/products/${product.id}`);
    await eventually(() => a.page.getByText('You own this skin. Equip it in chat settings.').count()).toBe(1);

    // Equip it in a chat's settings (user A's own topic).
    const rooms = await apiGet<{ data: { id: number }[] }>(a.context, baseUrl, '/rooms/index');
    const title = `Skins ${Date.now().toString(36)}`;
    const created = await apiPost<{ topic: { id: number } }>(a.context, baseUrl, '/topics/create', { room_id: rooms.data[0]!.id, title });
    const topicId = created.payload.topic.id;
    await enterChat(a.page, topicId, title);
    await a.page.getByRole('button', { name: 'Chat settings' }).click();
    await a.page
      .getByRole('menuitem', { name: 'Chat skin' })
      .or(a.page.getByRole('button', { name: 'Chat skin' }))
      .first()
      .click();
    const settingsDialog = a.page.getByRole('dialog', { name: 'Chat settings' });
    // The radio follows the server's answer (no optimistic update), so click and wait for it.
    const skinRadio = settingsDialog.getByRole('radio', { name: product.name });
    await skinRadio.click();
    await eventually(() => skinRadio.isChecked(), 'skin radio selected').toBe(true);
    await eventually(() => a.page.getByRole('status').filter({ hasText: texts.store.skinEquipped }).count()).toBeGreaterThan(0);
    const skins = await apiGet<SkinsPayload>(a.context, baseUrl, '/skins');
    expect(skins.equipped.bubble_color).toBe(product.id);
    expect(await paint(a.page, '[data-testid="skin-bubble"]')).toEqual({ background: rgb(palette.background), color: rgb(palette.text) });
    await snap(a.page, 'store-skin-equipped');
    await settingsDialog.getByRole('button', { name: 'Close' }).click();

    // User B joins the same topic in another browser; A sends; B sees A's bubble in the skin.
    const b = await signedIn('watcher');
    await enterChat(b.page, topicId, title);
    const text = `Styled hello ${Date.now().toString(36)}`;
    const input = a.page.getByRole('textbox', { name: 'Message' });
    await eventually(() => input.isEnabled(), 'A can write once B joined').toBe(true);
    await input.fill(text);
    await a.page.getByRole('button', { name: 'Send message' }).click();

    const theirs = b.page.locator('.message--theirs').filter({ hasText: text });
    await eventually(() => theirs.count(), 'B receives the message').toBe(1);
    expect(await paint(b.page, `.message--theirs:has-text("${text}") .msg-bubble`)).toEqual({ background: rgb(palette.background), color: rgb(palette.text) });
    await snap(b.page, 'store-skin-seen-by-other');
    await a.context.close();
    await b.context.close();
  });

  it('a declined card shows the order payment failed screen and grants no skin', async () => {
    const product = bubbleSkin(1);
    const { context, page } = await signedIn('declinedskin');
    await buySkin(page, product, sandboxCards.declined, 'store-checkout-declined');

    await page.waitForURL((url) => url.pathname === '/fail-payment' && url.searchParams.get('type') === 'payment', { timeout: 30_000 });
    await eventually(() => page.getByRole('heading', { name: 'Order payment failed' }).count()).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: texts.topUp.storePaymentFailed }).count()).toBe(1);
    await eventually(() => page.locator('dl.order-summary').textContent()).toContain('Failed');
    await snap(page, 'store-order-failed');
    // Try Again goes back to this product's checkout.
    expect(await page.getByRole('link', { name: texts.topUp.tryAgain }).getAttribute('href')).toBe(`/checkout/${product.id}`);

    const skins = await apiGet<SkinsPayload>(context, baseUrl, '/skins');
    expect(skins.owned).toHaveLength(0);
    await page.goto(`/products/${product.id}`);
    await eventually(() => page.getByRole('link', { name: 'Buy now' }).count()).toBe(1);
    expect(await page.getByText('You own this skin').count()).toBe(0);
    await page.goto('/account?tab=orders');
    const orderRow = page.getByRole('region', { name: 'Orders' }).locator('tbody tr:not([aria-hidden="true"])');
    await eventually(() => orderRow.count()).toBe(1);
    const failedCells = (await orderRow.locator('td').allTextContents()).slice(1, 4);
    expect(failedCells.slice(0, 2)).toEqual([product.name, euro(totalWithVat(product))]);
    // The status, then why (the card was declined).
    expect(failedCells[2]).toMatch(/^Failed/);
    await context.close();
  });
});
