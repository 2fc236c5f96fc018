import { faqResponseSchema } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { faqResponse } from './get-faq';

/** The home page's hand-written FAQ check (no zod in the entry chunk) agrees with the contract's schema. */
describe('FAQ answer check', () => {
  const entry = { id: 1, question: 'What is Parley?', answer: '<p>A chat.</p>' };
  it.each([
    { status: 'OK', payload: [entry] },
    { status: 'OK', payload: [] },
    { status: 'OK', payload: [{ ...entry, extra: 'dropped' }] },
    { status: 'OK', payload: [{ ...entry, id: '1' }] },
    { status: 'OK', payload: [{ id: 1, question: 'Q?' }] },
    { status: 'OK', payload: { data: [entry] } },
    { status: 'OK', payload: null },
  ])('accepts exactly what the contract accepts: %j', (body) => {
    const contract = faqResponseSchema.safeParse(body);
    const own = faqResponse.safeParse(body);
    expect(own.success).toBe(contract.success);
    if (own.success && contract.success) expect(own.data.payload).toEqual(contract.data.payload);
  });
});
