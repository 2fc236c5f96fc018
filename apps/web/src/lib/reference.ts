import type { Country, Currency, Language, PublicSettings, SocialLink, StaticPageSummary } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from './api-client';

/** Reference data shared by several features (spec §7 Reference data). */
const list = async <T>(path: string) => (await api.get<Envelope<T[]>>(path)).payload ?? [];
const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: async () => (await api.get<Envelope<PublicSettings>>('/settings')).payload,
  ...forever,
});
export const useSettings = () => useQuery(settingsQuery);

export const countriesQuery = queryOptions({ queryKey: ['countries'], queryFn: () => list<Country>('/countries'), ...forever });
export const useCountries = () => useQuery(countriesQuery);

/** The default phone country, decided by the server from request headers (never a third-party call). */
export const phoneCountryQuery = queryOptions({
  queryKey: ['phone-country'],
  queryFn: async () => (await api.get<Envelope<{ iso: string | null }>>('/phone-country')).payload?.iso ?? null,
  ...forever,
  retry: false,
});
export const usePhoneCountry = () => useQuery(phoneCountryQuery);

export const languagesQuery = queryOptions({ queryKey: ['languages'], queryFn: () => list<Language>('/languages'), ...forever });
export const currenciesQuery = queryOptions({ queryKey: ['currencies'], queryFn: () => list<Currency>('/currencies'), ...forever });

export const staticPagesQuery = queryOptions({ queryKey: ['static-pages'], queryFn: () => list<StaticPageSummary>('/static-pages'), staleTime: 5 * 60_000 });
export const useStaticPages = () => useQuery(staticPagesQuery);

export const socialLinksQuery = queryOptions({ queryKey: ['social-links'], queryFn: () => list<SocialLink>('/social-links'), staleTime: 5 * 60_000 });
export const useSocialLinks = () => useQuery(socialLinksQuery);

/** Links to the legal pages, by their flags, for footers and consent texts. */
export function legalPages(pages: StaticPageSummary[]) {
  return {
    privacy: pages.find((p) => p.is_privacy),
    terms: pages.find((p) => p.is_terms),
    cookie: pages.find((p) => p.is_cookie),
  };
}

const referenceKeys = new Set([
  'settings',
  'countries',
  'phone-country',
  'languages',
  'currencies',
  'static-pages',
  'static-page',
  'social-links',
  'faq',
  'localizations',
]);
/** Public data that stays valid across sign-in and sign-out. */
export const isReferenceQueryKey = (key: readonly unknown[]) => referenceKeys.has(String(key[0]));
