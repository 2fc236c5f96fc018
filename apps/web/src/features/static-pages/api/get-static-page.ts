import { type StaticPage } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

/** GET /static-pages/{idOrSlug}; a 404 is an ApiError with status 404. */
export const staticPageQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['static-page', idOrSlug],
    queryFn: async () => (await api.get<Envelope<StaticPage>>(`/static-pages/${encodeURIComponent(idOrSlug)}`)).payload,
    staleTime: 5 * 60_000,
  });

export const useStaticPage = (idOrSlug: string) => useQuery(staticPageQuery(idOrSlug));
