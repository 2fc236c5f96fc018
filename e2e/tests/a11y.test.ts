import { createRequire } from 'node:module';
import { texts } from '@parley/contracts';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, snap } from '../support/browser.js';
import { signInAdminThroughUi } from '../support/ui.js';
import { apiGet, apiPost, signUpVerified } from '../support/users.js';

/**
 * Issue #10 "Browser budgets": axe-core finds no serious or critical violation on home, auth, rooms, chat and account;
 * issue 34 §4: in both themes (the browser reports a dark system, the app follows it), store and admin console included.
 */
const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');
const baseUrl = inject('baseUrl');
const blocking = new Set(['serious', 'critical']);

type Scheme = 'light' | 'dark';
/** Like support/browser's desktop context, but lets `addScriptTag` inject axe past the app's Content-Security-Policy. */
const newContext = (browser: Browser, baseURL: string, colorScheme: Scheme) =>
  browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, bypassCSP: true, colorScheme });

/** The page shows the theme the browser asked for (the app follows the system until a choice is saved). */
async function expectTheme(page: Page, scheme: Scheme) {
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe on the current page and returns the serious and critical violations, one readable line per node. */
async function blockingViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  return violations
    .filter((violation) => blocking.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `[${violation.impact}] ${violation.id} (${violation.help}) at ${JSON.stringify(node.target)}: ${node.failureSummary ?? ''}`,
      ),
    );
}

async function expectAccessible(page: Page, name: string) {
  await snap(page, `a11y-${scheme}-${name}`);
  await expectTheme(page, scheme);
  const found = await blockingViolations(page);
  if (found.length) console.log(`axe on ${name} (${page.url()}):\n${found.join('\n')}`);
  expect(found, `serious/critical axe violations on ${name}`).toEqual([]);
}

/** PUT from the context (its cookies, with the X-XSRF-TOKEN echo). */
async function apiPut(context: BrowserContext, path: string, data: unknown) {
  if (!(await context.cookies(baseUrl)).some((c) => c.name === 'XSRF-TOKEN')) await context.request.get(`${baseUrl}/api/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await context.request.put(`${baseUrl}/api${path}`, {
    data,
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
  });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
}

const declineCookies = (page: Page) =>
  page
    .getByRole('region', { name: 'Cookie consent' })
    .getByRole('button', { name: texts.cookies.declineAll })
    .click({ timeout: 3000 })
    .catch(() => undefined);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

let scheme: Scheme = 'light';

describe.each<Scheme>(['light', 'dark'])('accessibility in the %s theme (axe-core, no serious or critical violations)', (theme) => {
  beforeAll(() => {
    scheme = theme;
  });

  it('home and auth pages for a guest', async () => {
    const context = await newContext(browser, baseUrl, theme);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText(texts.home.hero).first().waitFor();
    await expectAccessible(page, 'home-with-cookie-banner');
    await declineCookies(page);
    await expectAccessible(page, 'home');

    await page.goto('/auth?form=signin');
    await page.locator('form').getByRole('button', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'auth-signin');

    await page.goto('/auth?form=signup');
    await page.locator('form').getByRole('button', { name: 'Sign up' }).waitFor();
    await expectAccessible(page, 'auth-signup');
    // The same form with its validation messages shown.
    await page.locator('form').getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(texts.auth.nameRequired).first().waitFor();
    await expectAccessible(page, 'auth-signup-errors');
    await context.close();
  });

  describe('signed in', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      // A user of its own: the demo user's one open topic belongs to the journeys that chat with it.
      context = await newContext(browser, baseUrl, theme);
      await signUpVerified(context, baseUrl, `axe${theme}`);
      page = await context.newPage();
    });
    afterAll(() => context?.close());

    it('account', async () => {
      await page.goto('/account');
      await page.getByRole('heading').first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'account');
    });

    it('account → notifications (issue 34 §3)', async () => {
      await page.goto('/account?tab=notifications');
      await page.getByRole('heading', { name: texts.push.pushHeading }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'account-notifications');
    });

    it('rooms', async () => {
      await page.goto('/rooms');
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading').first().waitFor();
      await expectAccessible(page, 'rooms');
    });

    it('chat of a topic the user owns', async () => {
      const rooms = await apiGet<{ data: { id: number }[] }>(context, baseUrl, '/rooms/index');
      const topicId = await apiPost<{ topic: { id: number } }>(context, baseUrl, '/topics/create', {
        room_id: rooms.data[0]!.id,
        title: `A11y ${Date.now().toString(36)}`,
      }).then(
        (created) => created.payload.topic.id,
        (error: Error) => Number(/"topic_id":(\d+)/.exec(error.message)?.[1]),
      );
      await page.goto(`/topics/${topicId}/chat`);
      // A first visit shows the chat rules modal over the chat: check it, agree, then check the chat itself.
      const agree = page.getByRole('dialog').getByRole('button', { name: texts.chat.agree });
      await page.getByTestId('chat-status').waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      if (await agree.count()) {
        await expectAccessible(page, 'chat-terms');
        await agree.click();
        await agree.waitFor({ state: 'detached' });
      }
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'chat');
    });

    it('store', async () => {
      await page.goto('/products');
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading').first().waitFor();
      await expectAccessible(page, 'store');
    });
  });

  // The light console is covered by admin.test.ts's screens; one admin sign-in (a fresh TOTP step) per file is enough.
  it.runIf(theme === 'dark')('admin console', async () => {
    const context = await newContext(browser, baseUrl, theme);
    const page = await context.newPage();
    await signInAdminThroughUi(page);
    for (const section of ['users', 'reports']) {
      await page.goto(`/admin/${section}`);
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading').first().waitFor();
      await expectAccessible(page, `admin-${section}`);
    }
    await context.close();
  });
});

/**
 * Issue 33 #22: the journey's pages — public, auth, rooms, topics, chat, every account tab, store and the admin
 * console — have no serious or critical axe violation in English and German, on desktop (1366×800) and mobile (390×844).
 */
describe('journey pages in every language and viewport (issue 33)', () => {
  const variants = [
    { language: 'en', mobile: false },
    { language: 'de', mobile: false },
    { language: 'en', mobile: true },
    { language: 'de', mobile: true },
  ] as const;
  const accountTabs = ['settings', 'personal', 'balance', 'orders', 'history', 'notifications', 'blocked', 'security', 'data'];
  let languageIds: Record<string, number>;
  let userState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let roomId: number;
  let topicId: number;
  let productId: number | undefined;

  beforeAll(async () => {
    // These pages are checked in the light theme (the describe above checks both themes).
    scheme = 'light';
    const languages = ((await (await fetch(`${baseUrl}/api/languages`)).json()) as { payload: { id: number; code: string }[] }).payload;
    languageIds = Object.fromEntries(languages.map((l) => [l.code, l.id]));
    const userContext = await newContext(browser, baseUrl, 'light');
    await signUpVerified(userContext, baseUrl, 'axe');
    const rooms = await apiGet<{ data: { id: number }[] }>(userContext, baseUrl, '/rooms/index');
    roomId = rooms.data[0]!.id;
    const created = await apiPost<{ topic: { id: number } }>(userContext, baseUrl, '/topics/create', {
      room_id: roomId,
      title: `Axe ${Date.now().toString(36)}`,
    });
    topicId = created.payload.topic.id;
    const products = await apiGet<{ data?: { id: number }[] } | { id: number }[]>(userContext, baseUrl, '/products').catch(() => []);
    productId = (Array.isArray(products) ? products : (products.data ?? []))[0]?.id;
    userState = await userContext.storageState();
    await userContext.close();

    const adminContext = await newContext(browser, baseUrl, 'light');
    const adminPage = await adminContext.newPage();
    await signInAdminThroughUi(adminPage);
    adminState = await adminContext.storageState();
    await adminContext.close();
  }, 120_000);

  /** A context in the variant's viewport and language (the browser's choice, and the account's when signed in). */
  async function variantContext(variant: (typeof variants)[number], storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
    const context = await browser.newContext({
      baseURL: baseUrl,
      bypassCSP: true,
      viewport: variant.mobile ? { width: 390, height: 844 } : { width: 1366, height: 800 },
      isMobile: variant.mobile,
      hasTouch: variant.mobile,
      storageState,
    });
    await context.addInitScript((id) => localStorage.setItem('languageId', String(id)), languageIds[variant.language]!);
    if (storageState) await apiPut(context, '/user/language', { language_id: languageIds[variant.language] });
    return context;
  }

  async function visit(page: Page, path: string, name: string, language: string) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
    await page.locator('h1').first().waitFor({ timeout: 15_000 });
    await expectAccessible(page, name);
  }

  for (const variant of variants) {
    const tag = `${variant.language}-${variant.mobile ? 'mobile' : 'desktop'}`;
    it(`public, auth, signed-in and admin pages: ${tag}`, async () => {
      const guest = await variantContext(variant);
      const page = await guest.newPage();
      await visit(page, '/', `${tag}-home`, variant.language);
      await visit(page, '/auth?form=signin', `${tag}-signin`, variant.language);
      await visit(page, '/auth?form=signup', `${tag}-signup`, variant.language);
      await guest.close();

      const user = await variantContext(variant, userState);
      const signedIn = await user.newPage();
      await visit(signedIn, '/rooms', `${tag}-rooms`, variant.language);
      await visit(signedIn, `/rooms/${roomId}/topics`, `${tag}-topics`, variant.language);
      for (const tab of accountTabs) await visit(signedIn, `/account?tab=${tab}`, `${tag}-account-${tab}`, variant.language);
      await visit(signedIn, '/products', `${tag}-store`, variant.language);
      if (productId) await visit(signedIn, `/products/${productId}`, `${tag}-product`, variant.language);
      await signedIn.goto(`/topics/${topicId}/chat`);
      await signedIn.getByTestId('chat-status').waitFor({ timeout: 15_000 });
      await signedIn.waitForLoadState('networkidle');
      const agree = signedIn.getByRole('dialog').getByRole('button').last();
      if (await signedIn.getByRole('dialog').count()) {
        await expectAccessible(signedIn, `${tag}-chat-terms`);
        await agree.click();
        await signedIn.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await signedIn.waitForLoadState('networkidle');
      await expectAccessible(signedIn, `${tag}-chat`);
      await user.close();

      const admin = await variantContext(variant, adminState);
      const adminPage = await admin.newPage();
      for (const section of ['', 'reports', 'payouts', 'applications', 'users'])
        await visit(adminPage, `/admin/${section}`, `${tag}-admin-${section || 'dashboard'}`, variant.language);
      await admin.close();
    }, 240_000);
  }
});
