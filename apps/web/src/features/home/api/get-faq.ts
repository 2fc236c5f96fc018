import { type Faq } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseSchema } from '../../../lib/api-client';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isFaq = (value: unknown): value is Faq =>
  isRecord(value) && typeof value.id === 'number' && typeof value.question === 'string' && typeof value.answer === 'string';

/**
 * GET /faq → payload: the contract's `faqResponseSchema`, checked by hand: the home page fetches it at
 * once, and zod must not be among the home page's scripts (150 KB gzip budget). Keep in step with
 * `faqSchema`; `get-faq.test.ts` checks both agree.
 */
export const faqResponse: ResponseSchema<{ payload: Faq[] }> = {
  safeParse(data) {
    const payload = isRecord(data) && Array.isArray(data.payload) ? data.payload : null;
    if (!payload) return { success: false, error: { issues: ['payload is not a list'] } };
    const faqs = payload.filter(isFaq).map(({ id, question, answer }) => ({ id, question, answer }));
    if (faqs.length !== payload.length) return { success: false, error: { issues: ['payload holds an entry that is not an FAQ entry'] } };
    return { success: true, data: { payload: faqs } };
  },
};

export const faqQuery = queryOptions({
  queryKey: ['faq'],
  queryFn: async () => (await api.get('/faq', faqResponse)).payload,
  staleTime: 5 * 60_000,
});

export const useFaq = () => useQuery(faqQuery);
