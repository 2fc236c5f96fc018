import { adminPageOf, envelopeSchema, type PageMeta } from '@parley/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { api, type Parsed, type Query, type ResponseSchema } from '../../../lib/api-client';

/**
 * The admin API over the shared HTTP client: one list hook, one read hook and one write hook serve every
 * console screen. Each screen names its endpoint and the contract schema of its answer
 * (`adminResponses` / the record schemas of `@parley/contracts`): answers are parsed, never asserted
 * (issue 32 §3), and carry exactly the fields the server declares.
 */
export type { PageMeta };
export interface Page<T> {
  items: T[];
  meta: PageMeta;
}
/** What the generic table and forms need of a record: an id and named fields. */
export type Row = Record<string, unknown> & { id: number };

/** An answer in the envelope: what a hook returns is its payload. */
type EnvelopeSchema = ResponseSchema<{ payload: unknown }>;
type PayloadOf<S extends EnvelopeSchema> = Parsed<S>['payload'];

export const adminKey = (path: string, query?: Query) => (query ? ['admin', path, query] : ['admin', path]);

/** A page of `{items, meta}` whose rows the row schema parses. */
export const adminListQuery = <T>(path: string, row: z.ZodType<T>, query: Query) =>
  queryOptions({
    queryKey: adminKey(path, query),
    queryFn: async () => (await api.get(`/admin${path}`, envelopeSchema(adminPageOf(row)), { query, withDefaults: false })).payload,
    placeholderData: keepPreviousData,
  });

export function useAdminList<T>(path: string, row: z.ZodType<T>, query: Query) {
  return useQuery(adminListQuery(path, row, query));
}

/** One answer; `path: null` waits (a screen that needs a choice first). */
export function useAdminGet<S extends EnvelopeSchema>(path: string | null, schema: S, query?: Query) {
  return useQuery({
    queryKey: adminKey(path ?? '', query),
    queryFn: async (): Promise<PayloadOf<S>> => (await api.get(`/admin${path}`, schema, { query, withDefaults: false })).payload,
    enabled: path !== null,
  });
}

type Method = 'post' | 'put' | 'delete';

/** A write to `/admin{path}`, its answer parsed; afterwards every admin query is refetched (tables, dashboard, audit). */
export function useAdminWrite<S extends EnvelopeSchema>(method: Method, schema: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body }: { path: string; body?: unknown }): Promise<Parsed<S>> => {
      const options = { withDefaults: false };
      if (method === 'delete') return api.delete(`/admin${path}`, schema, options);
      return api[method](`/admin${path}`, schema, body ?? {}, options);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
