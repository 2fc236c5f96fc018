import { type Page } from '../../db/paginate.js';

export { paginate, type ListOptions, type Page } from '../../db/paginate.js';

/** `{status, payload: {items, meta}}`, the one list envelope of the admin API. */
export const pageEnvelope = <T>(page: Page<T>) => ({ status: 'OK' as const, payload: page });
