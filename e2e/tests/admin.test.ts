import { type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  Api,
  applyAsInterlocutor,
  createVerifiedUser,
  earnCoins,
  enableTwoFactor,
  grantCoins,
  requestSepaPayout,
  signInAdmin,
  matureEarningsAtOnce,
} from '../support/api.js';
import { launchBrowser, newContext, snap } from '../support/browser.js';
import { footerButton, signInAdminThroughUi, signInThroughUi } from '../support/ui.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  await matureEarningsAtOnce(baseUrl);
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The admin table row that mentions `text` (an e-mail address unique to this run). */
const rowWith = (page: Page, caption: string, text: string): Locator => page.getByRole('table', { name: caption }).getByRole('row').filter({ hasText: text });

/** Clicks a destructive row action, then the same-named confirm button inside the dialog it opens. */
async function confirmAction(page: Page, row: Locator, label: string, reason?: string) {
  await row.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.count()).toBe(1);
  if (reason !== undefined) await dialog.getByLabel(/^Reason/).fill(reason);
  await footerButton(dialog, label).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

describe('admin console', () => {
  it('keeps a normal user out of /admin and its API', async () => {
    const user = await createVerifiedUser(baseUrl, 'normal', 'Norma');
    expect((await user.api.request('GET', '/admin/users')).status).toBe(403);
    expect(
      (await user.api.request('POST', `/admin/users/${user.user.id}/balance`, { amount: 1000, reason: 'self-service', request_id: 'e2e-self-12345' })).status,
    ).toBe(403);

    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await signInThroughUi(page, user.email, user.password);
    await page.goto('/admin/users');
    await expect.poll(() => page.getByRole('heading', { name: 'Admin only' }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    await snap(page, 'admin-denied');
    await context.close();
    expect((await user.api.profile()).balance).toBe(user.user.balance);
  });

  it('resolves a report by banning the user, approves an application and marks a payout paid', async () => {
    const admin = await signInAdmin(baseUrl);

    // A report: the reporter joins the offender's topic and reports the offender after a message.
    const offender = await createVerifiedUser(baseUrl, 'offender', 'Otto');
    const reporter = await createVerifiedUser(baseUrl, 'reporter', 'Rita');
    await grantCoins(admin, offender.user.id, 500);
    const topicId = await earnCoins(offender.api, reporter.api, ['You will regret talking to me.']);
    // An attachment-only message: the snapshot must show the file, not a blank line.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('topic_id', String(topicId));
    form.append('content', '');
    form.append('types[]', 'image');
    form.append('attachments[]', new Blob([png], { type: 'image/png' }), 'evidence-photo.png');
    await offender.api.postForm('/messages/create', form);
    await reporter.api.ok('POST', '/reports/create', { topic_id: topicId, type: 'user' });

    // An application waiting for a decision.
    const applicant = await createVerifiedUser(baseUrl, 'applicant', 'Anna');
    await applyAsInterlocutor(applicant.api, 'Anna A');

    // A pending payout: an approved interlocutor with earnings from a paying counterpart.
    const earner = await createVerifiedUser(baseUrl, 'earner', 'Erin');
    const earnerApplication = await applyAsInterlocutor(earner.api, 'Erin E');
    await admin.ok('POST', `/admin/applications/${earnerApplication}/approve`);
    const payer = await createVerifiedUser(baseUrl, 'payer', 'Paul');
    await grantCoins(admin, payer.user.id, 3000);
    await earnCoins(payer.api, earner.api, ['x'.repeat(1100), 'y'.repeat(1100)]);
    // Payouts need two-factor sign-in (issue 15).
    await enableTwoFactor(earner.api, earner.password);
    const payoutId = await requestSepaPayout(earner.api, 10);

    // The offender is signed in in a browser of their own.
    const offenderContext = await newContext(browser, baseUrl);
    const offenderPage = await offenderContext.newPage();
    await signInThroughUi(offenderPage, offender.email, offender.password);

    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await signInAdminThroughUi(page);

    // Before the decisions: the offender's session works and the applicant is not an interlocutor yet.
    expect((await offender.api.request('GET', '/user/profile')).status).toBe(200);
    expect((await applicant.api.profile()).is_contributor).toBe(false);

    // Reports queue → Ban (confirmed in the dialog). On a 1366 px laptop screen the whole row, its
    // actions included, fits without scrolling sideways.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/admin/reports');
    const report = rowWith(page, 'Reports', reporter.email);
    await expect.poll(() => report.count()).toBe(1);
    expect(await report.innerText()).toContain(offender.email);
    expect(await report.innerText()).toContain('You will regret talking to me.');
    expect(await report.innerText()).toContain('evidence-photo.png');
    await snap(page, 'admin-reports-open');
    const ban = await report.getByRole('button', { name: 'Ban' }).boundingBox();
    expect(ban!.x + ban!.width).toBeLessThanOrEqual(1366);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    const scroll = page.getByRole('table', { name: 'Reports' }).locator('xpath=ancestor::div[contains(@class, "table-scroll")][1]');
    expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await confirmAction(page, report, 'Ban', 'Threats against the other person.');
    await expect.poll(() => page.getByText('User banned').count()).toBeGreaterThan(0);
    // The reporter is told the outcome and the reason (a statement of reasons), without the offender's identity.
    const notices = await reporter.api.ok<{ notifications: { kind: string; body: string }[] }>('GET', '/notifications');
    const upheld = notices.notifications.find((n) => n.kind === 'report.upheld');
    expect(upheld?.body).toContain('Reason: Threats against the other person.');
    expect(upheld?.body).not.toContain(offender.email);
    await expect.poll(() => report.count()).toBe(0);
    await page.getByLabel('Status').selectOption('resolved');
    const resolved = rowWith(page, 'Reports', reporter.email);
    await expect.poll(() => resolved.count()).toBe(1);
    expect(await resolved.innerText()).toContain(`${offender.email} (banned)`);
    expect(await resolved.innerText()).toContain('resolved');
    await snap(page, 'admin-reports-resolved');

    // The ban ends the offender's sessions at once: the API refuses them and their page sends them to sign-in.
    expect((await offender.api.request('GET', '/user/profile')).status).toBe(401);
    await offenderPage.reload();
    await offenderPage.waitForURL(/\/auth\?/);
    await snap(offenderPage, 'admin-banned-user-signed-out');
    await offenderContext.close();
    // …and they cannot sign in again.
    const retry = await new Api(baseUrl).request('POST', '/login', { email: offender.email, password: offender.password });
    expect(retry.status).not.toBe(200);

    // Applications → Approve.
    await page.goto('/admin/applications');
    const application = rowWith(page, 'Applications', applicant.email);
    await expect.poll(() => application.count()).toBe(1);
    await application.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => page.getByText('Application approved').count()).toBeGreaterThan(0);
    await expect.poll(() => application.count()).toBe(0);
    expect((await applicant.api.profile()).is_contributor).toBe(true);
    await expect
      .poll(async () => (await applicant.api.ok<{ application: { status: string } }>('GET', '/become-contributor/status')).application.status)
      .toBe('approved');

    // Payouts → Approve, then Mark paid (confirmed in the dialog).
    await page.goto('/admin/payouts');
    const payout = rowWith(page, 'Payouts', earner.email);
    await expect.poll(() => payout.count()).toBe(1);
    expect(await payout.innerText()).toContain('pending');
    expect(await payout.innerText()).toContain('•••• 3000');
    await payout.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => payout.getByText('approved', { exact: true }).count()).toBe(1);
    await confirmAction(page, payout, 'Mark paid');
    await expect.poll(() => payout.getByText('paid', { exact: true }).count()).toBe(1);
    expect(await payout.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    await snap(page, 'admin-payouts-paid');

    // The contributor sees it paid in their own history.
    const history = await earner.api.ok<{ data: { id: number; status: string }[] }>('GET', '/payouts');
    expect(history.data.find((p) => p.id === payoutId)?.status).toBe('paid');
    await context.close();
  });
});

describe('AI companion console (issue #17)', () => {
  it('shows the demo companion and provider health, and an admin defines a persona that new AI chats take', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await signInAdminThroughUi(page);
    await page.goto('/admin');
    await page.getByText('Demo companion').first().waitFor();
    await page.goto('/admin/ai');
    await page.getByText('No model is configured').waitFor();
    await page.getByRole('button', { name: 'New persona' }).click();
    await page.getByLabel('Name').fill('Orbit');
    await page.getByLabel('Avatar colour').fill('#0ea5e9');
    await page.getByLabel('System prompt').fill('You are Orbit, who loves the night sky.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: /Orbit/ }).waitFor();
    await snap(page, 'admin-ai-companion');

    // A new random AI chat takes it.
    const user = await createVerifiedUser(baseUrl, 'orbit', 'Olga');
    const random = await user.api.ok<{ topic: { companion_name: string; id: number } }>('GET', '/topics/random?chat_mode=ai');
    expect(random.topic.companion_name).toBe('Orbit');
    await user.api.ok('POST', '/topics/leave', { topic_id: random.topic.id });
    const admin = await signInAdmin(baseUrl);
    const personas = await admin.ok<{ id: number; name: string }[]>('GET', '/admin/personas');
    for (const p of personas.filter((p) => p.name === 'Orbit')) await admin.ok('DELETE', `/admin/personas/${p.id}`);
    await context.close();
  });
});
