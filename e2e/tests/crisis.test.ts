import { texts } from '@parley/contracts';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyAsInterlocutor, createVerifiedUser, grantCoins, signInAdmin, type Api } from '../support/api.js';
import { launchBrowser, newContext, snap } from '../support/browser.js';
import { signInThroughUi } from '../support/ui.js';
import { apiGet, apiPost, apiPut, signedInPage } from '../support/users.js';

/**
 * Issue 36 §1 in Chromium: a message that suggests a risk of self-harm shows its writer the crisis card within the
 * send's round trip (an ordinary one shows none), in English and in German; an interlocutor whose partner wrote
 * such a message sees the protocol card; the chat menu and the footer lead to the crisis page. Nothing here needs
 * the network beyond this server: the recogniser is offline and the moderation endpoint is off.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: Api;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signInAdmin(baseUrl);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
});
afterAll(() => browser?.close());

async function enterChat(page: Page, topicId: number, agreeLabel: string = texts.chat.agree) {
  await page.goto(`/topics/${topicId}/chat`);
  const agree = page.getByRole('dialog').getByRole('button', { name: agreeLabel });
  const box = page.locator('.chat-input__textarea:not([disabled])');
  await expect.poll(async () => (await agree.count()) + (await box.count()), { timeout: 15_000 }).toBeGreaterThan(0);
  if (await agree.count()) await agree.click();
  await box.waitFor({ timeout: 15_000 });
}

async function type(page: Page, text: string) {
  const box = page.locator('.chat-input__textarea:not([disabled])');
  await box.fill(text);
  await box.press('Enter');
  await page
    .locator('[data-message-id]')
    .filter({ has: page.getByText(text, { exact: true }) })
    .waitFor({ timeout: 15_000 });
}

/** A signed-in writer in Chromium, in a human topic a second person (API only) has joined. */
async function writerInTopic(prefix: string, partnerIsInterlocutor = false) {
  const made = await signedInPage(browser, baseUrl, prefix);
  contexts.push(made.context);
  await grantCoins(admin, made.user.id, 2000);
  const rooms = await apiGet<{ data: { id: number }[] }>(made.context, baseUrl, '/rooms/index');
  const created = await apiPost<{ topic: { id: number } }>(made.context, baseUrl, '/topics/create', { room_id: rooms.data[0]!.id, title: `Crisis ${prefix}` });
  const partner = await createVerifiedUser(baseUrl, `${prefix}-partner`);
  if (partnerIsInterlocutor) await admin.ok('POST', `/admin/applications/${await applyAsInterlocutor(partner.api, `Iris ${prefix}`)}/approve`);
  await partner.api.ok('POST', '/topics/join', { topic_id: created.payload.topic.id });
  return { ...made, topicId: created.payload.topic.id, partner };
}

describe('crisis care', () => {
  it('shows the writer the card for a risk message at once, and none for an ordinary one', async () => {
    const { page, topicId } = await writerInTopic('crisis-en');
    await enterChat(page, topicId);
    const card = page.getByTestId('crisis-card');
    await type(page, 'This homework is killing me lol');
    expect(await card.count()).toBe(0);

    await type(page, "I don't want to live anymore");
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => card.getByRole('heading', { name: texts.crisis.cardTitle }).count()).toBe(1);
    expect(await card.getByText('Find A Helpline').count()).toBe(1);
    expect(await card.getByText(texts.crisis.cardPrivate).count()).toBe(1);
    await snap(page, 'crisis-card-en');
    // Nothing is blocked: the composer still works, and the card closes.
    await card.getByRole('button', { name: texts.crisis.cardClose }).click();
    expect(await card.count()).toBe(0);
    await type(page, 'thanks');
    expect(await card.count()).toBe(0);
    // The card's way on: the crisis page.
    await type(page, 'i want to die');
    await card.getByRole('link', { name: texts.crisis.cardPageLink }).click();
    await page.waitForURL((url) => url.pathname === '/crisis');
    await page.getByRole('heading', { name: 'If you are in crisis right now' }).waitFor({ timeout: 15_000 });
  });

  it('speaks German: the card, the helplines and the crisis page', async () => {
    const { page, context, topicId } = await writerInTopic('crisis-de');
    const languages = await apiGet<{ id: number; code: string }[]>(context, baseUrl, '/languages');
    await apiPut(context, baseUrl, '/user/language', { language_id: languages.find((l) => l.code === 'de')!.id });
    await page.reload();
    await enterChat(page, topicId, 'Zustimmen');
    await type(page, 'Ich will nicht mehr leben');
    const card = page.getByTestId('crisis-card');
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => card.getByRole('heading', { name: 'Du bist nicht allein' }).count()).toBe(1);
    expect(await card.getByText(/Beratungsstellen in über 130 Ländern/).count()).toBe(1);
    await snap(page, 'crisis-card-de');
    // The chat menu leads to the crisis page too.
    await page.goto(`/topics/${topicId}/chat`);
    await page.getByRole('button', { name: 'Chat-Einstellungen' }).click();
    await page.getByRole('menuitem', { name: 'Krisenhilfe' }).click();
    await page.waitForURL((url) => url.pathname === '/crisis');
    await page.getByRole('heading', { name: 'Wenn du gerade in einer Krise bist' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('footer').getByRole('link', { name: 'Krisenhilfe' }).count()).toBe(1);
  });

  it("shows an interlocutor the protocol card when their partner writes such a message, and not the writer's card", async () => {
    const { topicId, partner } = await writerInTopic('crisis-proto', true);
    const context = await newContext(browser, baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    await signInThroughUi(page, partner.email, partner.password);
    await enterChat(page, topicId);
    // The writer is the topic's owner here, over the API (the browser above is the interlocutor's).
    const owner = contexts[0]!;
    await apiPost(owner, baseUrl, '/messages/create', { topic_id: topicId, content: 'I want to kill myself' });
    const protocol = page.getByTestId('crisis-protocol');
    await protocol.waitFor({ timeout: 15_000 });
    expect(await protocol.getByRole('heading', { name: texts.crisis.protocolTitle }).count()).toBe(1);
    expect(await protocol.getByText(texts.crisis.protocolAvoid).count()).toBe(1);
    expect(await page.getByTestId('crisis-card').count()).toBe(0);
    await snap(page, 'crisis-protocol');
  });
});
