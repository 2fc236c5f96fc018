import { texts } from '@parley/contracts';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applicationsCli, applyAsInterlocutor, createVerifiedUser, earnCoins, grantCoins, matureEarningsAtOnce, signInAdmin } from '../support/api.js';
import { launchBrowser, newContext, snap } from '../support/browser.js';
import { signInThroughUi } from '../support/ui.js';

const baseUrl = inject('baseUrl');
// Browsers refuse an IP address as a passkey's relying party: the server is configured with RP ID localhost (global-setup.ts).
const passkeyUrl = baseUrl.replace('127.0.0.1', 'localhost');
let browser: Browser;

beforeAll(async () => {
  await matureEarningsAtOnce(baseUrl);
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Chromium's virtual authenticator (CDP WebAuthn domain): a platform passkey store that verifies the user at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
}

/** A payout request from the page's own session (its cookie and XSRF token), as the withdraw dialog sends it. */
async function requestPayoutFromPage(page: Page, countryId: number) {
  return page.evaluate(async (country) => {
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
    const response = await fetch('/api/payouts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': xsrf },
      body: JSON.stringify({
        amount: 10,
        method: 'sepa',
        iban: 'DE89370400440532013000',
        first_name: 'Pia',
        last_name: 'Passkey',
        country_id: country,
        city: 'Berlin',
        address: 'Unter den Linden 1',
        zip: '10117',
        request_id: `e2e-passkey-${Date.now()}`,
      }),
    });
    return { status: response.status, body: (await response.json()) as { code?: string } };
  }, countryId);
}

describe('passkeys (issue 36 §3)', () => {
  it('registers a passkey, signs out, signs in with it alone; a payout with it as second factor succeeds, without one 403; recovery codes still work', async () => {
    // An interlocutor with earnings and no second factor yet.
    const contributor = await createVerifiedUser(baseUrl, 'passkey', 'Pia');
    const applicationId = await applyAsInterlocutor(contributor.api, `Pia ${Date.now().toString(36)}`);
    applicationsCli(inject('dataDir'), ['approve', String(applicationId)]);
    const payer = await createVerifiedUser(baseUrl, 'passkey-payer', 'Paul');
    await grantCoins(await signInAdmin(baseUrl), payer.user.id, 3000);
    await earnCoins(payer.api, contributor.api, ['a'.repeat(1200), 'b'.repeat(1200)]);
    const germany = (await contributor.api.ok<{ id: number; iso: string }[]>('GET', '/countries')).find((c) => c.iso === 'DE')!.id;

    const context = await newContext(browser, passkeyUrl);
    const page = await context.newPage();
    const authenticator = await addVirtualAuthenticator(page);
    await signInThroughUi(page, contributor.email, contributor.password);

    // Without any second factor: 403.
    const refused = await requestPayoutFromPage(page, germany);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('TWO_FACTOR_REQUIRED');

    // Account → Security: add a passkey (name, password, the authenticator's ceremony).
    await page.goto('/account?tab=security');
    const add = page.getByRole('form', { name: texts.passkeys.add });
    await add.getByLabel(texts.passkeys.name).fill('Work laptop');
    await add.getByLabel(texts.passkeys.password).fill(contributor.password);
    await add.getByRole('button', { name: texts.passkeys.add }).click();
    const item = page.getByTestId('passkey');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getByText('Work laptop').count()).toBe(1);
    expect(await authenticator.credentials()).toHaveLength(1);
    expect((await authenticator.credentials())[0]!.isResidentCredential).toBe(true);
    // The first second factor brings recovery codes, shown once.
    const recovery = page.getByRole('list', { name: texts.twoFactor.recoveryTitle });
    await expect.poll(() => recovery.getByRole('listitem').count()).toBe(10);
    const [firstCode] = await recovery.getByRole('listitem').allInnerTexts();
    await snap(page, 'passkeys-added');

    // Rename it.
    await item.getByRole('button', { name: texts.passkeys.rename }).click();
    await item.getByLabel(texts.passkeys.name).fill('Laptop');
    await item.getByRole('button', { name: texts.passkeys.save }).click();
    await expect.poll(() => item.getByText('Laptop', { exact: true }).count()).toBe(1);

    // Sign out, then sign in with the passkey alone: no address, no password.
    await page.goto('/account');
    await page.locator('.profile-header__logout').click();
    await page.waitForURL((url) => url.pathname !== '/account');
    await page.goto('/auth?form=signin');
    await page.getByRole('button', { name: texts.passkeys.signIn }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    const signedInAs = await page.evaluate(async () => ((await (await fetch('/api/user/profile')).json()) as { payload: { email: string } }).payload.email);
    expect(signedInAs).toBe(contributor.email);
    await snap(page, 'passkeys-signed-in');

    // The passkey counts as the second factor: the payout goes through.
    const paid = await requestPayoutFromPage(page, germany);
    expect(paid.status).toBe(201);

    // Recovery codes still work: another browser, without the passkey, signs in with the password and a code.
    const other = await newContext(browser, passkeyUrl);
    const otherPage = await other.newPage();
    await otherPage.goto('/auth?form=signin');
    await otherPage.getByLabel('Email').fill(contributor.email);
    await otherPage.getByLabel('Password', { exact: true }).fill(contributor.password);
    await otherPage.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await otherPage.getByLabel(texts.twoFactor.code).waitFor();
    expect(await otherPage.getByRole('button', { name: texts.passkeys.signInInstead }).count()).toBe(1);
    await snap(otherPage, 'passkeys-second-step');
    await otherPage.getByLabel(texts.twoFactor.code).fill(firstCode!.trim());
    await otherPage.getByRole('button', { name: texts.twoFactor.verify }).click();
    await otherPage.waitForURL((url) => url.pathname === '/account');
    await other.close();
    await context.close();
  });
});
