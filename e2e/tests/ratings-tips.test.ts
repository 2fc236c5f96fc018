import { texts } from '@parley/contracts';
import { englishText } from '@parley/contracts/i18n';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { grantCoins, signInAdmin, type Api } from '../support/api.js';
import { launchBrowser } from '../support/browser.js';
import { apiGet, apiPost, signedInPage, type TestUser } from '../support/users.js';

/**
 * Issue 35 §3–§4 in the browser: a payer tips their interlocutor from the chat menu (a preset), and once the
 * interlocutor has left, rates the conversation with stars and words; a second rating is not offered.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: Api;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signInAdmin(baseUrl);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
});

interface Person {
  context: BrowserContext;
  page: Page;
  user: TestUser;
}

async function person(prefix: string, coins: number): Promise<Person> {
  const made = await signedInPage(browser, baseUrl, prefix);
  contexts.push(made.context);
  if (coins > 0) await grantCoins(admin, made.user.id, coins);
  return made;
}

/** An approved interlocutor (application sent, approved by the admin). */
async function interlocutor(): Promise<Person> {
  const made = await person('rated', 0);
  const applied = await apiPost<{ application: { id: number } }>(made.context, baseUrl, '/become-contributor', {
    nickname: `Listener${Date.now().toString(36)}`,
    email: made.user.email,
    experience: 'Years of listening.',
    interests: 'Books and travel.',
    help_description: 'Good company for a chat.',
  });
  await admin.ok('POST', `/admin/applications/${applied.payload.application.id}/approve`);
  return made;
}

const balanceOf = async (who: Person) => (await apiGet<{ balance: number }>(who.context, baseUrl, '/user/profile')).balance;
const toastText = (page: Page, text: string) => page.locator('.toaster').getByText(text, { exact: true });

/** Opens the chat as a user would: the terms modal's Agree when asked, then waits for the live socket. */
async function enterChat(page: Page, topicId: number) {
  await page.goto(`/topics/${topicId}/chat`);
  const agree = page.getByRole('dialog').getByRole('button', { name: texts.chat.agree });
  const indicator = page.getByTestId('connection-indicator');
  await expect.poll(async () => (await agree.count()) + (await indicator.count()), { timeout: 15_000 }).toBeGreaterThan(0);
  if (await agree.count()) await agree.click();
  await page.locator('[data-testid="connection-indicator"][data-status="live"]').waitFor({ timeout: 15_000 });
}

describe('ratings and tips', () => {
  it('who leaves the chat lands on the rooms and rates the conversation there, once', async () => {
    const owner = await person('left-owner', 1000);
    const joiner = await person('left-joiner', 1000);
    const rooms = await apiGet<{ data: { id: number }[] }>(owner.context, baseUrl, '/rooms/index');
    const created = await apiPost<{ topic: { id: number } }>(owner.context, baseUrl, '/topics/create', {
      room_id: rooms.data[0]!.id,
      title: 'Rate on leaving',
    });
    const topicId = created.payload.topic.id;
    await apiPost(joiner.context, baseUrl, '/topics/join', { topic_id: topicId });

    const { page } = joiner;
    await enterChat(page, topicId);
    await page.getByRole('button', { name: texts.chat.leaveChat }).click();
    const confirm = page.getByRole('dialog', { name: texts.chatSafety.partnerLeaveTitle });
    await confirm.getByRole('button', { name: texts.chat.leave, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/rooms');
    const form = page.getByRole('form', { name: texts.ratings.rateTitle });
    await form.waitFor({ timeout: 15_000 });
    await form.locator('.rate-star').nth(4).click();
    await form.getByRole('button', { name: texts.ratings.submit }).click();
    await toastText(page, texts.ratings.thanks).waitFor({ timeout: 10_000 });
    await page
      .getByTestId('rating-done')
      .getByText(englishText('ratings.yourRating', { stars: 5 }))
      .waitFor();
    // Once: the server refuses a second rating of the same pairing.
    await expect(apiPost(joiner.context, baseUrl, `/topics/${topicId}/rating`, { stars: 1 })).rejects.toThrow(/answered 409/);
  });

  it('a payer tips the interlocutor from the chat menu, then rates the ended conversation once', async () => {
    const payer = await person('tipper', 1000);
    const listener = await interlocutor();
    const rooms = await apiGet<{ data: { id: number }[] }>(payer.context, baseUrl, '/rooms/index');
    const created = await apiPost<{ topic: { id: number } }>(payer.context, baseUrl, '/topics/create', { room_id: rooms.data[0]!.id, title: 'Tips and stars' });
    const topicId = created.payload.topic.id;
    await apiPost(listener.context, baseUrl, '/topics/join', { topic_id: topicId });

    const { page } = payer;
    await page.goto(`/topics/${topicId}/chat`);
    const agree = page.getByRole('dialog').getByRole('button', { name: texts.chat.agree });
    const indicator = page.getByTestId('connection-indicator');
    await expect.poll(async () => (await agree.count()) + (await indicator.count()), { timeout: 15_000 }).toBeGreaterThan(0);
    if (await agree.count()) await agree.click();
    await page.locator('[data-testid="connection-indicator"][data-status="live"]').waitFor({ timeout: 15_000 });
    const before = await balanceOf(payer);

    // Tip: the chat menu → a preset → Send tip.
    await page.getByRole('button', { name: texts.chatUi.chatSettings }).click();
    const tipItem = page.getByRole('menuitem', { name: texts.tips.tip });
    await expect.poll(() => tipItem.isEnabled(), { timeout: 10_000 }).toBe(true);
    await tipItem.click();
    const dialog = page.getByRole('dialog', { name: texts.tips.title });
    await dialog.getByRole('button', { name: englishText('tips.coins', { coins: 50 }), exact: true }).click();
    await dialog.getByRole('button', { name: texts.tips.send }).click();
    await toastText(page, texts.tips.sent).waitFor({ timeout: 10_000 });
    expect(await balanceOf(payer)).toBe(before - 50);

    // The interlocutor leaves: the pairing has ended and the payer is asked to rate it.
    await apiPost(listener.context, baseUrl, '/topics/leave', { topic_id: topicId });
    const form = page.getByRole('form', { name: texts.ratings.rateTitle });
    await form.waitFor({ timeout: 15_000 });
    await form.locator('.rate-star').nth(3).click();
    await form.getByRole('textbox', { name: texts.ratings.textLabel }).fill('Patient and kind');
    await form.getByRole('button', { name: texts.ratings.submit }).click();
    await toastText(page, texts.ratings.thanks).waitFor({ timeout: 10_000 });
    await page
      .getByTestId('rating-done')
      .getByText(englishText('ratings.yourRating', { stars: 4 }))
      .waitFor();
    expect(await form.count()).toBe(0);

    // The moderators see it per pairing; the person rated sees no single rating.
    const listed = await admin.ok<{ ratings: { stars: number; text: string | null; rated: { id: number } }[] }>('GET', `/admin/ratings?topic_id=${topicId}`);
    expect(listed.ratings).toMatchObject([{ stars: 4, text: 'Patient and kind', rated: { id: listener.user.id } }]);
    const summary = await apiGet<{ ratings_count: number | null; average: number | null }>(listener.context, baseUrl, '/user/ratings');
    expect(summary).toMatchObject({ ratings_count: null, average: null });
  });
});
