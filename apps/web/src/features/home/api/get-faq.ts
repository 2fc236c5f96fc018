import { type Faq } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export const faqQuery = queryOptions({
  queryKey: ['faq'],
  queryFn: async () => (await api.get<Envelope<Faq[]>>('/faq')).payload ?? [],
  staleTime: 5 * 60_000,
});

export const useFaq = () => useQuery(faqQuery);
