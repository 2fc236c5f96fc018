/**
 * The contract schemas (zod) for fetchers that are part of the entry chunk (header, home, static pages):
 * loaded on first use, so zod stays out of the home page's initial JavaScript (150 KB gzip budget).
 */
export const loadContracts = () => import('@parley/contracts');
