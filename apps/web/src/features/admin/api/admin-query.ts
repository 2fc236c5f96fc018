import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope, type Query } from '../../../lib/api-client';

/**
 * The admin API over the shared HTTP client: one list hook, one read hook and
 * one write hook serve every console screen (all endpoints share the same
 * envelope and list shape), so each screen only names its endpoint.
 */
export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  from: number | null;
  to: number | null;
}
export interface Page<T> {
  items: T[];
  meta: PageMeta;
}
export type Row = Record<string, unknown> & { id: number };

export const adminKey = (path: string, query?: Query) => (query ? ['admin', path, query] : ['admin', path]);

export const adminListQuery = <T>(path: string, query: Query) =>
  queryOptions({
    queryKey: adminKey(path, query),
    queryFn: async () => (await api.get<Envelope<Page<T>>>(`/admin${path}`, { query, withDefaults: false })).payload,
    placeholderData: keepPreviousData,
  });

export function useAdminList<T = Row>(path: string, query: Query) {
  return useQuery(adminListQuery<T>(path, query));
}

export function useAdminGet<T>(path: string | null, query?: Query) {
  return useQuery({
    queryKey: adminKey(path ?? '', query),
    queryFn: async () => (await api.get<Envelope<T>>(`/admin${path}`, { query, withDefaults: false })).payload,
    enabled: path !== null,
  });
}

type Method = 'post' | 'put' | 'delete';

/** A write to `/admin{path}`; afterwards every admin query is refetched (tables, dashboard, audit). */
export function useAdminWrite<TBody = unknown, TResult = unknown>(method: Method) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body }: { path: string; body?: TBody }) => {
      const options = { withDefaults: false };
      const response =
        method === 'delete'
          ? await api.delete<Envelope<TResult>>(`/admin${path}`, options)
          : await api[method]<Envelope<TResult>>(`/admin${path}`, body ?? {}, options);
      return response;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
