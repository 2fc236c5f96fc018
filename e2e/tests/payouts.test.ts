import { applicationLimits, texts } from '@parley/contracts';
import { generate } from 'otplib';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applicationsCli, createVerifiedUser, earnCoins, grantCoins, signInAdmin, matureEarningsAtOnce } from '../support/api.js';
import { launchBrowser, newContext, snap } from '../support/browser.js';
import { footerButton, signInThroughUi } from '../support/ui.js';
import { englishText } from '@parley/contracts/i18n';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  await matureEarningsAtOnce(baseUrl);
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const IBAN = 'DE89 3704 0044 0532 0130 00';

describe('interlocutor payouts', () => {
  it('applies, is approved through the CLI, earns coins, requests a SEPA payout and sees it pending with a masked IBAN', async () => {
    const contributor = await createVerifiedUser(baseUrl, 'payee', 'Paula');
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await signInThroughUi(page, contributor.email, contributor.password);

    // Not an interlocutor yet: the card invites an application and payouts are explained as contributor-only.
    const interlocutorCard = page.locator('section.interlocutor-card');
    await expect.poll(() => page.getByText(texts.payout.contributorsOnly).count()).toBeGreaterThan(0);
    await interlocutorCard.getByRole('button', { name: texts.contributor.becomeInterlocutor }).click();

    const application = page.getByRole('dialog', { name: texts.contributor.modalTitle });
    await expect.poll(() => application.count()).toBe(1);
    await application.getByLabel(texts.contributor.nickname).fill('Paula P');
    expect(await application.getByLabel(texts.contributor.email).inputValue()).toBe(contributor.email);
    const experience = 'Five years of listening on a helpline.';
    await application.getByLabel(texts.contributor.experience).fill(experience);
    await expect
      .poll(() => application.getByText(englishText('contributor.symbolsCounter', { n: experience.length, limit: applicationLimits.experience })).count())
      .toBeGreaterThan(0);
    await application.getByLabel(texts.contributor.interests).fill('Books, travel and languages.');
    await application.getByLabel(texts.contributor.help).fill('I can keep people company and practise German with them.');
    await snap(page, 'payouts-application-filled');
    await application.getByRole('button', { name: texts.contributor.submitApplication }).click();
    await expect.poll(() => application.getByText(texts.contributor.submitted).count()).toBeGreaterThan(0);
    await footerButton(application, texts.common.close).click();
    await expect.poll(() => interlocutorCard.getByText(texts.contributor.pendingReview).count()).toBe(1);

    // An admin decides from the shell: the CLI against the e2e server's own database.
    const status = await contributor.api.ok<{ application: { id: number; status: string } }>('GET', '/become-contributor/status');
    expect(status.application.status).toBe('pending');
    const decided = applicationsCli(dataDir, ['approve', String(status.application.id)]) as { status: string };
    expect(decided.status).toBe('approved');

    await page.reload();
    await expect.poll(() => page.getByTestId('interlocutor-badge').count()).toBe(1);
    expect(await page.getByText(texts.payout.contributorsOnly).count()).toBe(0);

    // Earnings: a counterpart pays for 2 × 1,200 symbols in a topic the interlocutor has joined.
    const payer = await createVerifiedUser(baseUrl, 'payer', 'Peter');
    const admin = await signInAdmin(baseUrl);
    await grantCoins(admin, payer.user.id, 3000);
    const before = (await contributor.api.profile()).balance;
    await earnCoins(payer.api, contributor.api, ['a'.repeat(1200), 'b'.repeat(1200)]);
    const earned = (await contributor.api.profile()).balance - before;
    expect(earned).toBeGreaterThanOrEqual(1000);
    const methods = await contributor.api.ok<{ available_amount: number; min_amount: number }>('GET', '/payouts/methods');
    expect(methods.available_amount).toBe(earned / 100);

    // Money leaves only from an account with two-factor sign-in (issue 15).
    const refused = await contributor.api.request('POST', '/payouts', {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(texts.twoFactor.requiredForPayout);
    await page.goto('/account?tab=security');
    await page.getByLabel(texts.twoFactor.password, { exact: true }).fill(contributor.password);
    await page.getByRole('button', { name: texts.twoFactor.start }).click();
    const key = page.locator('.two-factor__key');
    await key.waitFor();
    await snap(page, 'security-two-factor-qr');
    await page.getByLabel(texts.twoFactor.code).fill(await generate({ secret: (await key.innerText()).replace(/\s/g, '') }));
    await page.getByRole('button', { name: texts.twoFactor.enable, exact: true }).click();
    const recovery = page.getByRole('list', { name: texts.twoFactor.recoveryTitle });
    await expect.poll(() => recovery.getByRole('listitem').count()).toBe(10);
    const [firstCode, secondCode] = await recovery.getByRole('listitem').allInnerTexts();
    await snap(page, 'security-recovery-codes');
    // Other sessions (the API client's) ended; a recovery code signs it in again, once.
    expect((await contributor.api.request('GET', '/user/profile')).status).toBe(401);
    await contributor.api.signIn(contributor.email, contributor.password, firstCode!.trim());
    // Signing in through the form now asks for the code after the password.
    const fresh = await newContext(browser, baseUrl);
    const signInPage = await fresh.newPage();
    await signInPage.goto('/auth?form=signin');
    await signInPage.getByLabel('Email').fill(contributor.email);
    await signInPage.getByLabel('Password', { exact: true }).fill(contributor.password);
    await signInPage.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await signInPage.getByLabel(texts.twoFactor.code).fill(firstCode!.trim());
    await signInPage.getByRole('button', { name: texts.twoFactor.verify }).click();
    await expect.poll(() => signInPage.getByText(texts.twoFactor.invalidCode).count()).toBeGreaterThan(0);
    await snap(signInPage, 'security-code-used');
    await signInPage.getByLabel(texts.twoFactor.code).fill(secondCode!.trim());
    await signInPage.getByRole('button', { name: texts.twoFactor.verify }).click();
    await signInPage.waitForURL((url) => url.pathname === '/account');
    await fresh.close();

    // The payout request in the UI.
    await page.goto('/account?tab=balance');
    await page.locator('section.withdraw-card').getByRole('button', { name: texts.account.withdraw }).click();
    const payout = page.getByRole('dialog', { name: texts.payout.modalTitle });
    await expect.poll(() => payout.getByText(`Available: ${methods.available_amount.toFixed(2)} €`, { exact: false }).count()).toBeGreaterThan(0);
    await payout.getByLabel('Amount (€)').fill('10');
    await payout.getByLabel('SEPA transfer').check();
    await payout.getByLabel('IBAN').fill(IBAN);
    await payout.getByLabel('First name').fill('Paula');
    await payout.getByLabel('Last name').fill('Payee');
    await payout.getByLabel('Country').selectOption({ label: 'Germany' });
    await payout.getByLabel('City').fill('Berlin');
    await payout.getByLabel('Address').fill('Unter den Linden 1');
    await payout.getByLabel('ZIP').fill('10117');
    await snap(page, 'payouts-request-filled');
    await payout.getByRole('button', { name: texts.payout.submit }).click();

    // Submitted state: success banner, submit hidden, Cancel became Close.
    await expect.poll(() => payout.getByText(texts.payout.submitted).count()).toBeGreaterThan(0);
    expect(await payout.getByText(texts.payout.banner).count()).toBeGreaterThan(0);
    expect(await payout.getByRole('button', { name: texts.payout.submit }).count()).toBe(0);
    expect(await footerButton(payout, texts.common.cancel).count()).toBe(0);
    await snap(page, 'payouts-request-submitted');
    await footerButton(payout, texts.common.close).click();
    await expect.poll(() => payout.count()).toBe(0);

    // The 1,000 coins are held at once.
    expect((await contributor.api.profile()).balance).toBe(before + earned - 1000);

    // Payouts tab: the request, pending, with only the IBAN's last four characters.
    await page.getByRole('tab', { name: texts.payout.payoutsTab }).click();
    const history = page.getByRole('table', { name: 'Payout history' });
    const row = history.getByRole('row').filter({ hasText: 'SEPA transfer' });
    await expect.poll(() => row.count()).toBe(1);
    const cells = await row.getByRole('cell').allInnerTexts();
    // The ID a user quotes to support is the request's own id.
    const [latest] = (await contributor.api.ok<{ data: { id: number }[] }>('GET', '/payouts')).data;
    expect(cells[0]).toBe(`#${latest!.id}`);
    expect(cells.slice(2)).toEqual(['SEPA transfer', '•••• 3000', '10.00 €', texts.payout.statusLabels.pending]);
    // Padded to a full page of 5 rows (spec §2 Payouts tab).
    expect(await history.locator('tbody tr').count()).toBe(5);
    const pageText = await page.locator('body').innerText();
    expect(pageText.replace(/\s/g, '')).not.toContain(IBAN.replace(/\s/g, ''));
    expect(pageText).not.toContain('0532 0130');
    await snap(page, 'payouts-history-pending');
    await context.close();
  });
});
