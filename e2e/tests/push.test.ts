import { texts } from '@parley/contracts';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { PushServiceStandIn } from '../../apps/server/test/push-service.js';
import { grantCoins, signInAdmin, type Api } from '../support/api.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { apiGet, apiPost, signedInPage, type TestUser } from '../support/users.js';

/**
 * Issue 34 §3, in Chromium against the real server: a partner's send reaches the recipient's device
 * through a local push-service stand-in (it decrypts what a browser would) while no tab of theirs
 * shows the conversation, and nothing while one does; the app installs (manifest, icons, service
 * worker) and an offline reload shows the shell with its offline banner.
 */
const baseUrl = inject('baseUrl');
/** Done-when of issue 34: the push arrives within 5 s (p95) of the partner's send. */
const PUSH_P95_BUDGET_MS = 5000;
const SENDS = 5;

let browser: Browser;
let admin: Api;
let pushService: PushServiceStandIn;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signInAdmin(baseUrl);
  pushService = await PushServiceStandIn.start();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
});
afterAll(async () => {
  await browser?.close();
  await pushService?.close();
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

/** Opens the chat as a user would: the terms modal's Agree when asked, then waits for the live socket. */
async function enterChat(page: Page, topicId: number) {
  await page.goto(`/topics/${topicId}/chat`);
  const agree = page.getByRole('dialog').getByRole('button', { name: texts.chat.agree });
  const indicator = page.getByTestId('connection-indicator');
  await expect.poll(async () => (await agree.count()) + (await indicator.count()), { timeout: 15_000 }).toBeGreaterThan(0);
  if (await agree.count()) await agree.click();
  await page.locator('[data-testid="connection-indicator"][data-status="live"]').waitFor({ timeout: 15_000 });
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)]!;

describe('push notifications', () => {
  it('pushes the partner’s message to a device of the recipient with no tab on the conversation, naming nobody, and nothing while a tab shows it', async () => {
    const [sender, recipient] = [await person('push-a'), await person('push-b')];
    const rooms = await apiGet<{ data: { id: number; title: string }[] }>(sender.context, baseUrl, '/rooms/index');
    const room = rooms.data[0]!;
    const topicId = (await apiPost<{ topic: { id: number } }>(sender.context, baseUrl, '/topics/create', { room_id: room.id, title: 'Push check' })).payload
      .topic.id;
    await apiPost(recipient.context, baseUrl, '/topics/join', { topic_id: topicId });

    // The recipient's browser subscribed (PushSubscription.toJSON()) to our stand-in push service.
    const device = pushService.device('recipient');
    await apiPost(recipient.context, baseUrl, '/notifications/push-subscriptions', { endpoint: device.endpoint, keys: device.keys });
    // Their tab is open, on another screen.
    await recipient.page.goto('/rooms');

    await enterChat(sender.page, topicId);
    const input = sender.page.getByRole('textbox', { name: 'Message' });
    const delays: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      const before = pushService.to(device.name).length;
      await input.fill(`secret words number ${i}`);
      const sentAt = Date.now();
      await input.press('Enter');
      await expect.poll(() => pushService.to(device.name).length, { timeout: 15_000 }).toBe(before + 1);
      delays.push(pushService.to(device.name).at(-1)!.at - sentAt);
    }
    console.log(`push: Enter → push received, ${SENDS} sends: min ${Math.min(...delays)} ms, p95 ${p95(delays)} ms, max ${Math.max(...delays)} ms`);
    expect(p95(delays)).toBeLessThanOrEqual(PUSH_P95_BUDGET_MS);
    for (const received of pushService.to(device.name)) {
      expect(received.payload).toEqual({
        title: `You have a new message in ${room.title}`,
        body: 'Open Parley to read it.',
        url: `/topics/${topicId}/chat`,
        tag: `topic-${topicId}`,
      });
      expect(received.authorization).toMatch(/^vapid t=/);
    }
    expect(JSON.stringify(pushService.received)).not.toMatch(/secret words|push-a|@example\.com/);

    // The recipient opens the conversation: a message they see pushes nothing…
    const viewing = recipient.page.waitForResponse((r) => r.url().includes('/api/notifications/viewing') && r.request().method() === 'PUT');
    await enterChat(recipient.page, topicId);
    await viewing;
    const count = pushService.to(device.name).length;
    await input.fill('seen on screen');
    await input.press('Enter');
    await recipient.page.getByRole('log', { name: 'Messages' }).getByText('seen on screen').waitFor({ timeout: 15_000 });
    // The sweep that turns sends into pushes runs on every job-worker pass (1 s): let two go by while the tab still shows it.
    await recipient.page.waitForTimeout(2500);
    // …and once they leave it (a full navigation: the hidden tab says so as it goes), the next one does, and only that one.
    await recipient.page.goto('/rooms');
    await input.fill('after leaving');
    await input.press('Enter');
    await expect.poll(() => pushService.to(device.name).length, { timeout: 15_000 }).toBe(count + 1);
  });
});

describe('mute from the chat', () => {
  it('mutes a conversation from the chat menu: no push while muted, pushes again once unmuted, the same setting as Account → Notifications', async () => {
    const [sender, recipient] = [await person('mute-a'), await person('mute-b')];
    const rooms = await apiGet<{ data: { id: number }[] }>(sender.context, baseUrl, '/rooms/index');
    const topicId = (await apiPost<{ topic: { id: number } }>(sender.context, baseUrl, '/topics/create', { room_id: rooms.data[0]!.id, title: 'Mute check' }))
      .payload.topic.id;
    await apiPost(recipient.context, baseUrl, '/topics/join', { topic_id: topicId });
    const device = pushService.device('muter');
    await apiPost(recipient.context, baseUrl, '/notifications/push-subscriptions', { endpoint: device.endpoint, keys: device.keys });

    const menuItem = async (name: string) => {
      await recipient.page.getByRole('button', { name: texts.chatUi.chatSettings }).click();
      await recipient.page.getByRole('menuitem', { name }).click();
    };
    await enterChat(recipient.page, topicId);
    await menuItem(texts.push.muteChat);
    await recipient.page.getByText(texts.push.chatMuted).waitFor();
    const muted = await apiGet<{ muted_topic_ids: number[] }>(recipient.context, baseUrl, '/notifications/settings');
    expect(muted.muted_topic_ids).toContain(topicId);
    await recipient.page.goto('/rooms');

    await enterChat(sender.page, topicId);
    const input = sender.page.getByRole('textbox', { name: 'Message' });
    await input.fill('while muted');
    await input.press('Enter');
    await sender.page.getByRole('log', { name: 'Messages' }).getByText('while muted').waitFor();
    // The sweep that turns sends into pushes runs every second: let a few go by.
    await recipient.page.waitForTimeout(3000);
    expect(pushService.to(device.name)).toHaveLength(0);

    await enterChat(recipient.page, topicId);
    await menuItem(texts.push.unmuteChat);
    await recipient.page.getByText(texts.push.chatUnmuted).waitFor();
    await recipient.page.goto('/rooms');
    await input.fill('after unmuting');
    await input.press('Enter');
    await expect.poll(() => pushService.to(device.name).length, { timeout: 15_000 }).toBe(1);
  });
});

describe('installable app', () => {
  it('serves a manifest with 192 and 512 PNG icons and theme colours, and a service worker that keeps the shell for an offline reload', async () => {
    const context = await newContext(browser, baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifestResponse = await context.request.get(`${baseUrl}${manifestHref}`);
    expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Parley', start_url: '/', display: 'standalone', theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      expect(icon).toBeDefined();
      const png = await context.request.get(`${baseUrl}${icon!.src}`);
      const bytes = await png.body();
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(size);
    }
    expect(await page.locator('meta[name="theme-color"]').count()).toBe(2);

    // The service worker takes control, keeps the shell, and never keeps an API answer.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/');
    expect(cached.filter((url) => url.startsWith('/api'))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: texts.push.offline }).waitFor({ timeout: 15_000 });
    await page.locator('header').first().waitFor();
    await context.setOffline(false);
  });
});
