import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createVerifiedUser, grantCoins, signInAdmin } from '../support/api.js';
import { launchBrowser, newContext, snap } from '../support/browser.js';

/**
 * Stored XSS vectors through every place users or admins write text that others see:
 * static pages, FAQ answers, topic titles, names and messages. Each must render inert:
 * nothing executes, and no live script or handler attribute reaches the DOM.
 */
const baseUrl = inject('baseUrl');
const vectors = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  '<svg onload="window.__xss=1"></svg>',
  '<a href="javascript:window.__xss=1">click</a>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '"><img src=x onerror=window.__xss=1>',
  '<style>body{display:none}</style><b style="color:red" onclick="window.__xss=1">styled</b>',
];
const payload = vectors.join(' ');

/** A minimal API client with the CSRF double submit, signed in by cookie. */
async function signIn(email: string, password: string) {
  const csrf = await fetch(`${baseUrl}/api/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { token: string }).token;
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

async function expectInert(page: Page, where: string) {
  const found = await page.evaluate(() => ({
    executed: (window as unknown as { __xss?: number }).__xss ?? 0,
    inlineScripts: document.querySelectorAll('main script, #root script').length,
    handlers: [...document.querySelectorAll('#root *')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
    jsLinks: document.querySelectorAll('#root a[href^="javascript:"]').length,
    iframes: document.querySelectorAll('#root iframe').length,
  }));
  expect(found, where).toEqual({ executed: 0, inlineScripts: 0, handlers: 0, jsLinks: 0, iframes: 0 });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('stored XSS renders inert', () => {
  it('through static pages, FAQ answers, topic titles, names and messages', async () => {
    const admin = await signInAdmin(baseUrl);
    await admin.ok('POST', '/admin/static-pages', { slug: 'xss-probe', title: 'Probe page', content: `<p>Probe</p>${payload}` });
    await admin.ok('POST', '/admin/faqs', { question: 'Is this safe?', answer: `<p>Answer</p>${payload}` });

    // A user of its own: other files' topics must not count against this one's active-chat limit.
    const probe = await createVerifiedUser(baseUrl, 'xss');
    await grantCoins(await signInAdmin(baseUrl), probe.user.id, 5000);
    const demo = await signIn(probe.email, probe.password);
    await demo('PUT', '/api/user/profile', { name: vectors[0]!.slice(0, 90), surname: 'Probe', phone: '+37251234567', avatar_color: 'deep-blue' });
    const rooms = await demo<{ payload: { data: { id: number }[] } }>('GET', '/api/rooms/index');
    const created = await demo<{ payload: { topic: { id: number } } }>('POST', '/api/topics/create', {
      room_id: rooms.payload.data[0]!.id,
      title: '<img src=x onerror=window.__xss=1>',
    });
    const topicId = created.payload.topic.id;
    await demo('POST', '/api/topics/update-chat-mode', { topic_id: topicId, chat_mode: 'ai' });
    await demo('POST', '/api/messages/create', { topic_id: topicId, content: payload });

    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });

    await page.goto('/xss-probe');
    await expect.poll(() => page.getByRole('heading', { name: 'Probe page' }).count()).toBeGreaterThan(0);
    await expectInert(page, 'static page');

    await page.goto('/');
    await expect.poll(() => page.getByText('Is this safe?').count()).toBeGreaterThan(0);
    await page.getByText('Is this safe?').click();
    await expect.poll(() => page.getByText('Answer').count()).toBeGreaterThan(0);
    await expectInert(page, 'FAQ');

    await page.goto('/auth?form=signin');
    await page.getByLabel('Email').fill(probe.email);
    await page.getByLabel('Password', { exact: true }).fill(probe.password);
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await expectInert(page, 'account with a hostile name');

    await page.goto(`/rooms/${rooms.payload.data[0]!.id}/topics`);
    await expect.poll(() => page.getByText('<img src=x onerror=window.__xss=1>').count()).toBeGreaterThan(0);
    await expectInert(page, 'topic list');

    await page.goto(`/topics/${topicId}/chat`);
    const agree = page.getByRole('button', { name: 'Agree' });
    await expect.poll(async () => (await agree.count()) + (await page.getByText('styled').count())).toBeGreaterThan(0);
    if (await agree.count()) await agree.click();
    await expect.poll(() => page.getByText(/styled/).count()).toBeGreaterThan(0);
    await snap(page, 'xss-chat');
    await expectInert(page, 'chat');
    expect(dialogs).toBe(0);
    await context.close();
  });
});
