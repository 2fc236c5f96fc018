import { cookieNames } from '@parley/contracts';
import { englishText, type TextKey } from '@parley/contracts/i18n';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { grantCoins, signInAdmin, type Api } from '../support/api.js';
import { launchBrowser, snap } from '../support/browser.js';
import { apiGet, apiPost, signUpVerified, type TestUser } from '../support/users.js';

/**
 * Chat defects of issue 33 (items 1, 2, 8, 10, 11, 12, 17, 18), each seen as people meet them: two or
 * three browser contexts, desktop 1366×800 and mobile 390×844, in English and in German. Screenshots
 * of every changed screen land in .e2e-artifacts/ as chat33-*.png.
 */
const baseUrl = inject('baseUrl');

interface Variant {
  lang: 'en' | 'de';
  mobile: boolean;
}
const variants: Variant[] = [
  { lang: 'en', mobile: false },
  { lang: 'en', mobile: true },
  { lang: 'de', mobile: false },
  { lang: 'de', mobile: true },
];
const nameOf = (v: Variant) => `${v.lang}-${v.mobile ? 'mobile' : 'desktop'}`;

let browser: Browser;
let admin: Api;
let germanId: number;
let german: Record<string, string>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signInAdmin(baseUrl);
  const languages = ((await (await fetch(`${baseUrl}/api/languages`)).json()) as { payload: { id: number; code: string }[] }).payload;
  germanId = languages.find((l) => l.code === 'de')!.id;
  german = ((await (await fetch(`${baseUrl}/api/localizations?lang_id=${germanId}`)).json()) as { payload: Record<string, string> }).payload;
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
});
afterAll(() => browser?.close());

/** A catalogue text as the variant's reader sees it. */
const tx = (v: Variant, key: TextKey, params?: Record<string, string | number>) =>
  v.lang === 'de' && german[key] && !params ? german[key] : englishText(key, params);

interface Person {
  context: BrowserContext;
  page: Page;
  user: TestUser;
}

/** A fresh signed-in user in the variant's viewport and language, cookie choice made, with coins. */
async function person(prefix: string, v: Variant): Promise<Person> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: v.mobile ? { width: 390, height: 844 } : { width: 1366, height: 800 },
    isMobile: v.mobile,
    hasTouch: v.mobile,
  });
  contexts.push(context);
  const consent = JSON.stringify({ essential: true, advertising: false, customization: false, functionality: false });
  await context.addCookies([
    { name: cookieNames.consent, value: '1', url: baseUrl },
    { name: cookieNames.consentSettings, value: encodeURIComponent(consent), url: baseUrl },
  ]);
  if (v.lang === 'de') await context.addInitScript((id) => window.localStorage.setItem('languageId', String(id)), germanId);
  const user = await signUpVerified(context, baseUrl, prefix);
  await grantCoins(admin, user.id, 1000);
  const page = await context.newPage();
  await collectToasts(page);
  return { context, page, user };
}

/** Every toast text the page ever shows (they vanish after 3 s), in window.__toasts. */
async function collectToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.toaster .toast__message')) {
        const text = (el as HTMLElement).innerText.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const toastsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

async function createTopic(who: Person, title: string): Promise<number> {
  const rooms = await apiGet<{ data: { id: number }[] }>(who.context, baseUrl, '/rooms/index');
  const created = await apiPost<{ topic: { id: number } }>(who.context, baseUrl, '/topics/create', { room_id: rooms.data[0]!.id, title });
  return created.payload.topic.id;
}

/** Opens the chat (Agree to the terms when asked) and waits until its socket is live. */
async function enterChat(p: Person, v: Variant, topicId: number) {
  await p.page.goto(`/topics/${topicId}/chat`);
  const agree = p.page.getByRole('dialog').getByRole('button', { name: tx(v, 'chat.agree') });
  const live = p.page.locator('[data-testid="connection-indicator"][data-status="live"]');
  await expect.poll(async () => (await agree.count()) + (await live.count()), { timeout: 15_000 }).toBeGreaterThan(0);
  if (await agree.count()) await agree.click();
  await live.waitFor({ timeout: 15_000 });
}

/** Owner A with a topic, partner B in it; both on the chat screen. */
async function pair(prefix: string, v: Variant) {
  const a = await person(`${prefix}a`, v);
  const b = await person(`${prefix}b`, v);
  const title = `E2E ${prefix} ${Date.now().toString(36)}`;
  const topicId = await createTopic(a, title);
  await enterChat(a, v, topicId);
  await enterChat(b, v, topicId);
  await expect.poll(() => a.page.getByTestId('chat-status').textContent()).toBe(tx(v, 'chat.online'));
  return { a, b, topicId, title };
}

const headerName = (page: Page) => page.locator('.chat-header__name');
const menuItem = async (page: Page, v: Variant, key: TextKey) => {
  await page.getByRole('button', { name: tx(v, 'chatUi.chatSettings') }).click();
  await page.getByRole('menuitem', { name: tx(v, key) }).click();
};

/** Each of `inner` lies wholly inside `outer` (nothing cut off by its edges). */
async function expectInside(outer: Locator, inner: Locator[]) {
  const box = (await outer.boundingBox())!;
  for (const item of inner) {
    const b = (await item.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(b.y).toBeGreaterThanOrEqual(box.y - 0.5);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
  }
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('chat defects of issue 33', () => {
  it('#1 #8 #11: a partner leaves without a permission error; the owner’s header forgets them; the owner is told leaving closes the topic', async () => {
    for (const v of [variants[0]!, variants[3]!]) {
      const { a, b, topicId, title } = await pair('leave', v);
      const partnerName = (await headerName(a.page).textContent())!;
      expect(partnerName).not.toBe(title);

      // The partner's dialog says what leaving does.
      await b.page.getByRole('button', { name: tx(v, 'chat.leaveChat') }).click();
      const confirm = b.page.getByRole('dialog', { name: tx(v, 'chatSafety.partnerLeaveTitle') });
      await confirm.getByText(tx(v, 'chatSafety.partnerLeaveBody')).waitFor();
      await snap(b.page, `chat33-leave-partner-${nameOf(v)}`);

      // The leave answers slowly (a busy server): the push that B left arrives first. Nothing may
      // ask for the chat then, and no 'You do not have permission' may follow 'Successfully left'.
      const refused: string[] = [];
      b.page.on('response', (response) => {
        if (response.status() === 403) refused.push(response.url());
      });
      await b.page.route('**/api/topics/leave', async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 2500));
        await route.fulfill({ response });
      });
      await confirm
        .locator('footer')
        .getByRole('button', { name: tx(v, 'chat.leave'), exact: true })
        .click();
      await b.page.waitForURL((url) => url.pathname === '/rooms', { timeout: 15_000 });
      await expect.poll(() => toastsSeen(b.page)).toContain(tx(v, 'chat.leftChat'));
      await b.page.waitForTimeout(1500);
      expect(await toastsSeen(b.page)).toEqual([tx(v, 'chat.leftChat')]);
      expect(refused).toEqual([]);

      // The owner searches again, and the header no longer names the one who left (#11).
      await a.page.getByText(tx(v, 'chat.searching')).waitFor({ timeout: 10_000 });
      await expect.poll(() => headerName(a.page).textContent()).toBe(title);
      await snap(a.page, `chat33-owner-searching-${nameOf(v)}`);

      // The owner's Leave Chat: closing explained, with 'Close topic' and 'Keep it open' (#8).
      await a.page.getByRole('button', { name: tx(v, 'chat.leaveChat') }).click();
      const ownerConfirm = a.page.getByRole('dialog', { name: tx(v, 'chatSafety.ownerLeaveTitle') });
      await ownerConfirm.getByText(tx(v, 'chatSafety.ownerLeaveNoReturn'), { exact: false }).waitFor();
      // A topic made in a room cost the topic fee, which closing does not give back.
      await ownerConfirm.getByText(tx(v, 'chatSafety.ownerLeaveNoRefund'), { exact: false }).waitFor();
      const closeButton = ownerConfirm.locator('footer').getByRole('button', { name: tx(v, 'chatSafety.closeTopic'), exact: true });
      const keepButton = ownerConfirm.locator('footer').getByRole('button', { name: tx(v, 'chatSafety.keepOpen'), exact: true });
      await expectInside(ownerConfirm, [closeButton, keepButton]);
      await snap(a.page, `chat33-leave-owner-${nameOf(v)}`);
      await keepButton.click();
      await a.page.waitForURL((url) => url.pathname === '/rooms');
      const open = await apiGet<{ topic: { is_closed: boolean } }>(a.context, baseUrl, `/topics/topic?topic_id=${topicId}`);
      expect(open.topic.is_closed).toBe(false);
      await enterChat(a, v, topicId);
      await a.page.getByRole('button', { name: tx(v, 'chat.leaveChat') }).click();
      await closeButton.click();
      await a.page.waitForURL((url) => url.pathname === '/rooms');
      const closed = await apiGet<{ topic: { is_closed: boolean; closed_by: string } }>(a.context, baseUrl, `/topics/topic?topic_id=${topicId}`);
      expect(closed.topic).toMatchObject({ is_closed: true, closed_by: 'owner' });
      await Promise.all(contexts.splice(0).map((c) => c.close()));
    }
  });

  it('#12 #17 #18: reporting asks a reason and says what happens; toasts leave the message box free; a moderator’s close says why and refreshes the balance', async () => {
    for (const v of [variants[0]!, variants[3]!]) {
      const { a, b, topicId } = await pair('report', v);
      // A pays for a message, so an upheld report has something to give back.
      await a.page.getByRole('textbox', { name: tx(v, 'chatUi.message') }).fill('stop insulting me please');
      await a.page.getByRole('button', { name: tx(v, 'chatUi.sendMessage') }).click();
      await b.page.getByText('stop insulting me please').waitFor();

      await menuItem(a.page, v, 'chatUi.reportUser');
      const dialog = a.page.getByRole('dialog', { name: tx(v, 'chatSafety.reportUserTitle') });
      await dialog.getByText(tx(v, 'chatSafety.reportNext')).waitFor();
      // Nothing is sent without a reason.
      const send = dialog.locator('footer').getByRole('button', { name: tx(v, 'chatSafety.sendReport'), exact: true });
      await send.click();
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(tx(v, 'chatSafety.reasonRequired'));
      await dialog.getByLabel(tx(v, 'chatSafety.reasonLabel')).selectOption('harassment');
      await dialog.getByLabel(tx(v, 'chatSafety.detailsLabel')).fill('Kept insulting me after I asked to stop.');
      await expectInside(dialog, [send]);
      await snap(a.page, `chat33-report-${nameOf(v)}`);
      await send.click();
      await dialog.waitFor({ state: 'hidden' });
      const toast = a.page.locator('.toaster .toast').first();
      await toast.waitFor();
      // #17: the toast covers neither the message box nor Send.
      const toastBox = (await toast.boundingBox())!;
      for (const target of [a.page.getByRole('textbox', { name: tx(v, 'chatUi.message') }), a.page.getByRole('button', { name: tx(v, 'chatUi.sendMessage') })])
        expect(overlaps(toastBox, (await target.boundingBox())!)).toBe(false);
      await snap(a.page, `chat33-report-toast-${nameOf(v)}`);

      // Moderators see the reason and the words.
      const reports = await admin.ok<{ items: { id: number; topic_id: number; reason: string; details: string }[] }>('GET', '/admin/reports?status=open');
      const report = reports.items.find((r) => r.topic_id === topicId)!;
      expect(report).toMatchObject({ reason: 'harassment', details: 'Kept insulting me after I asked to stop.' });

      // Upheld with a close: both sides are told a moderator closed it, and A's header shows the refunded balance.
      await admin.ok('POST', `/admin/reports/${report.id}/decide`, { action: 'close_topic', note: 'Insults.' });
      for (const side of [a, b]) await side.page.getByText(tx(v, 'chatSafety.closedByModerator')).first().waitFor({ timeout: 10_000 });
      const real = (await apiGet<{ balance: number }>(a.context, baseUrl, '/user/profile')).balance;
      await expect
        .poll(async () => Number(((await a.page.locator('.chat-header__balance').textContent()) ?? '').replace(/\D/g, '')), { timeout: 10_000 })
        .toBe(real);
      await snap(a.page, `chat33-closed-by-moderator-${nameOf(v)}`);
      await snap(b.page, `chat33-closed-by-moderator-partner-${nameOf(v)}`);
      await Promise.all(contexts.splice(0).map((c) => c.close()));
    }
  });

  it('#10: a third user on a full chat sees Try again as a button under the notice, not a full-height pill', async () => {
    for (const v of [variants[1]!, variants[3]!, variants[0]!]) {
      const { topicId } = await pair('full', v);
      const c = await person('fullc', v);
      await c.page.goto(`/topics/${topicId}/chat`);
      const notice = c.page.getByRole('log').getByText(tx(v, 'topics.chatFull'));
      await notice.waitFor({ timeout: 15_000 });
      const retry = c.page.getByRole('button', { name: tx(v, 'topics.tryAgain') });
      const retryBox = (await retry.boundingBox())!;
      expect(retryBox.height).toBeLessThan(64);
      expect(retryBox.y).toBeGreaterThanOrEqual((await notice.boundingBox())!.y);
      await snap(c.page, `chat33-full-${nameOf(v)}`);
      await Promise.all(contexts.splice(0).map((c) => c.close()));
    }
  });

  it('#2: "No one is waiting right now" keeps both of its buttons inside the dialog', async () => {
    for (const v of variants) {
      const p = await person('nopartner', v);
      // Nobody is waiting: the server's answer to a human random chat then (other files may leave topics waiting).
      await p.page.route(
        (url) => url.pathname === '/api/topics/random' && url.searchParams.get('chat_mode') === 'human',
        (route) =>
          route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ status: 'ERROR', message: englishText('topics.noAvailableChats'), payload: null, errors: {} }),
          }),
      );
      await p.page.goto('/rooms');
      await p.page
        .getByRole('button', { name: tx(v, 'rooms.startRandomChat') })
        .first()
        .click();
      const dialog = p.page.getByRole('dialog', { name: tx(v, 'topics.noPartnerTitle') });
      await dialog.waitFor();
      await expectInside(dialog, [
        dialog.locator('footer').getByRole('button', { name: tx(v, 'topics.createOwnTopic'), exact: true }),
        dialog.locator('footer').getByRole('button', { name: tx(v, 'topics.chatWithAi'), exact: true }),
      ]);
      await snap(p.page, `chat33-no-partner-${nameOf(v)}`);
      await Promise.all(contexts.splice(0).map((c) => c.close()));
    }
  });
});
