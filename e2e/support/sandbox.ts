import { type Page } from 'playwright-core';

/** The sandbox gateway's test cards (the numbers people know from Stripe). */
export const sandboxCards = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDSecure: '4000 0000 0000 3220' } as const;

/** Fills and submits the sandbox gateway's hosted card page (/sandbox-pay/:sessionId). */
export async function payWithCard(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Test Holder');
  await page.locator('form').getByRole('button', { name: /^Pay / }).click();
}
