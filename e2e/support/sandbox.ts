import { type Page } from 'playwright-core';

/** The sandbox gateway's test cards (the numbers people know from Stripe). */
export const sandboxCards = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDSecure: '4000 0000 0000 3220' } as const;

/** Fills and submits the sandbox gateway's hosted card page (/sandbox-pay/:sessionId), in whichever language it speaks. */
export async function payWithCard(page: Page, card: string) {
  await page.locator('#card_number').fill(card);
  await page.locator('#expiry').fill('12 / 34');
  await page.locator('#cvc').fill('123');
  await page.locator('#holder').fill('Test Holder');
  await page.locator('form').first().locator('button[type="submit"]').click();
}
