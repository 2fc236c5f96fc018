import { texts } from '@parley/contracts';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { grantCoins, signInAdmin, type Api } from '../support/api.js';
import { launchBrowser, snap } from '../support/browser.js';
import { apiGet, apiPost, apiPut, signedInPage, type TestUser } from '../support/users.js';

/**
 * Issue 35 §1–§2 in Chromium: an interlocutor goes Available on /oncall, hears of a payer's new topic (the alert
 * toast from the queue.alert frame), takes the seat from the live queue with one click, and the payer, who saw
 * the estimate and who is on call while searching, is connected. Saved replies go into the box, never out by themselves.
 */
const baseUrl = inject('baseUrl');
/** Done when: the alert reaches the interlocutor ≤ 2 s after the topic starts waiting. */
const ALERT_BUDGET_MS = 2000;
/** Done when: a human random chat connects at p95 ≤ 30 s with someone on call. */
const CONNECT_BUDGET_MS = 30_000;

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

async function person(prefix: string): Promise<Person> {
  const made = await signedInPage(browser, baseUrl, prefix);
  contexts.push(made.context);
  await grantCoins(admin, made.user.id, 1000);
  return made;
}

/** Applies through the API and is approved by the admin: an interlocutor. */
async function approvedInterlocutor(prefix: string): Promise<Person> {
  const who = await person(prefix);
  const applied = await apiPost<{ application: { id: number } }>(who.context, baseUrl, '/become-contributor', {
    nickname: `${who.user.name} On Call`,
    email: who.user.email,
    experience: 'Years of listening.',
    interests: 'Books and travel.',
    help_description: 'Good company for a chat.',
  });
  await admin.ok('POST', `/admin/applications/${applied.payload.application.id}/approve`);
  return who;
}

/** The chat's terms modal (spec §4 entry) asks before the first visit: Agree, then the screen is in the chat. */
async function agreeToTermsIfAsked(page: Page) {
  const agree = page.getByRole('dialog').getByRole('button', { name: texts.chat.agree });
  const indicator = page.getByTestId('connection-indicator');
  await expect.poll(async () => (await agree.count()) + (await indicator.count()), { timeout: 15_000 }).toBeGreaterThan(0);
  if (await agree.count()) await agree.click();
}

const toastText = (page: Page, text: string) => page.locator('.toaster').getByText(text, { exact: true });

describe('interlocutors on call (issue 35 §1–§2)', () => {
  it('an Available interlocutor hears of a new topic, takes it from the queue with one click, and the payer is connected', async () => {
    const listener = await approvedInterlocutor('listener');
    const payer = await person('seeker');
    const { page } = listener;

    await page.goto('/oncall');
    await page.getByRole('heading', { name: texts.oncall.title, level: 1 }).waitFor();
    const available = page.getByRole('button', { name: texts.oncall.available, exact: true });
    await available.click();
    await expect.poll(() => available.getAttribute('aria-pressed')).toBe('true');
    // A saved reply for later.
    await page.getByLabel(texts.oncall.savedReplyPlaceholder).fill('Hi, I am here. What is on your mind?');
    await page.getByRole('button', { name: texts.oncall.addSavedReply }).click();
    await page.getByText('Hi, I am here. What is on your mind?').waitFor();
    // The personal socket is open (the alert travels over it): the presence row knows no disconnect.
    await expect
      .poll(async () => (await apiGet<{ presence: { status: string } }>(listener.context, baseUrl, '/oncall/presence')).presence.status)
      .toBe('available');

    const title = `On call ${Date.now().toString(36)}`;
    const rooms = await apiGet<{ data: { id: number }[] }>(payer.context, baseUrl, '/rooms/index');
    const alerted = toastText(page, texts.oncall.newWaiting)
      .waitFor({ timeout: 10_000 })
      .then(() => Date.now());
    const waitingFrom = Date.now();
    const created = await apiPost<{ topic: { id: number } }>(payer.context, baseUrl, '/topics/create', { room_id: rooms.data[0]!.id, title });
    const topicId = created.payload.topic.id;
    expect((await alerted) - waitingFrom).toBeLessThan(ALERT_BUDGET_MS);

    // The payer searches: the overlay says who is on call and where they stand, from the first answer on.
    await payer.page.goto(`/topics/${topicId}/chat`);
    await agreeToTermsIfAsked(payer.page);
    const facts = payer.page.getByTestId('wait-facts');
    await facts.waitFor({ timeout: 15_000 });
    await expect.poll(() => facts.textContent()).toContain('1 interlocutor is available');
    expect(await facts.textContent()).toMatch(/You are number \d+ in the queue\./);
    await snap(payer.page, 'oncall-payer-searching');

    // The queue shows the topic by title and room, never who waits; one click takes the seat.
    const entry = page.getByTestId('queue-entry').filter({ hasText: title });
    await entry.waitFor({ timeout: 10_000 });
    expect(await entry.textContent()).not.toContain(payer.user.name);
    await snap(page, 'oncall-queue');
    const connected = toastText(payer.page, texts.chat.connected)
      .waitFor({ timeout: CONNECT_BUDGET_MS })
      .then(() => Date.now());
    await entry.getByRole('button', { name: texts.oncall.take }).click();
    await page.waitForURL((url) => url.pathname === `/topics/${topicId}/chat`);
    expect((await connected) - waitingFrom).toBeLessThan(CONNECT_BUDGET_MS);
    await payer.page.getByText(texts.chat.searching).waitFor({ state: 'hidden', timeout: 5000 });

    // In the chat the saved reply is inserted into the box, not sent.
    await agreeToTermsIfAsked(page);
    await page.getByRole('button', { name: texts.oncall.insertSavedReply }).click();
    await page.getByRole('button', { name: 'Hi, I am here. What is on your mind?' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Hi, I am here. What is on your mind?');
    const messages = await apiGet<{ data: unknown[] }>(listener.context, baseUrl, `/messages/index?topic_id=${topicId}`);
    expect(messages.data).toEqual([]);

    // Off call again, so other journeys' topics are not held for this interlocutor.
    await apiPut(listener.context, baseUrl, '/oncall/presence', { status: 'away' });
  });
});
