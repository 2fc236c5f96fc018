import { type TextKey } from '@parley/contracts/i18n';
import { type CardFormErrors, type CardFormValues } from './sandbox-page.html.js';

/** The test cards people know from Stripe. */
export const sandboxCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const;

export type CardOutcome = { kind: 'succeeded' | 'declined' | 'three_d_secure'; last4: string } | { kind: 'invalid'; errors: CardFormErrors };

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function expiryError(expiry: string, now: Date): TextKey | undefined {
  const match = expiry.trim().match(/^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/);
  if (!match) return 'sandboxPage.expiryIncomplete';
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return 'sandboxPage.expiryMonthInvalid';
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth <= now.getTime() ? 'sandboxPage.expiryPast' : undefined;
}

/** Validates the hosted form like a card network would, then picks the test card's outcome. */
export function evaluateCard(values: Partial<CardFormValues>, now: Date): CardOutcome {
  const errors: CardFormErrors = {};
  const digits = (values.card_number ?? '').replace(/[\s-]/g, '');
  if (!digits) errors.card_number = 'sandboxPage.numberIncomplete';
  else if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) errors.card_number = 'sandboxPage.numberInvalid';
  const expiry = expiryError(values.expiry ?? '', now);
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3,4}$/.test((values.cvc ?? '').trim())) errors.cvc = 'sandboxPage.cvcIncomplete';
  if (!(values.holder ?? '').trim()) errors.holder = 'sandboxPage.holderRequired';
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };

  const last4 = digits.slice(-4);
  if (digits === sandboxCards.succeeds) return { kind: 'succeeded', last4 };
  if (digits === sandboxCards.declined) return { kind: 'declined', last4 };
  if (digits === sandboxCards.threeDSecure) return { kind: 'three_d_secure', last4 };
  return { kind: 'invalid', errors: { card: 'sandboxPage.notTestCard' } };
}
