import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/lazy-contracts';

/** GET /static-pages/{idOrSlug}; a 404 is an ApiError with status 404. */
export const staticPageQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['static-page', idOrSlug],
    queryFn: async () => {
      const { staticPageResponseSchema } = await loadContracts();
      return (await api.get(`/static-pages/${encodeURIComponent(idOrSlug)}`, staticPageResponseSchema)).payload;
    },
    staleTime: 5 * 60_000,
  });

export const useStaticPage = (idOrSlug: string) => useQuery(staticPageQuery(idOrSlug));
