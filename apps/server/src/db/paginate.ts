import { pageMeta, type PageMeta } from '@parley/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';
import { validationError } from '../lib/app-error.js';
import { type Database, type DbOrTrx } from './database.js';

export interface ListOptions {
  page: number;
  per_page: number;
  sort?: string;
  order: 'asc' | 'desc';
}

export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

/**
 * Server-side paging and sorting for admin tables. `sortable` maps the public
 * sort names to column references; anything else is refused, so the sort can
 * never reach SQL unchecked. `tieBreaker` keeps pages stable.
 */
export async function paginate<DB extends Database, TB extends keyof DB, O>(
  db: DbOrTrx,
  query: SelectQueryBuilder<DB, TB, O>,
  options: ListOptions,
  sortable: Record<string, string>,
  tieBreaker: string,
): Promise<Page<O>> {
  const sortKey = options.sort ?? Object.keys(sortable)[0]!;
  const column = sortable[sortKey];
  if (!column) throw validationError('sort', `Sort by one of: ${Object.keys(sortable).join(', ')}`);

  const counted = await db
    .selectFrom(
      query
        .clearSelect()
        .select(sql<number>`1`.as('one'))
        .as('counted'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const items = await query
    .orderBy(sql.ref(column), options.order)
    .orderBy(sql.ref(tieBreaker), options.order)
    .limit(options.per_page)
    .offset((options.page - 1) * options.per_page)
    .execute();
  return { items, meta: pageMeta(options.page, options.per_page, total) };
}
