import type { Language, UserProfile } from '@parley/contracts';
import { localKeys } from '@parley/contracts/constants';
import { localizeEnglish, translate, type Catalogue, type TextKey, type TextParams } from '@parley/contracts/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, configureApiClient, type Envelope } from './api-client';
import { authStore, useAuth } from './auth';
import { languagesQuery } from './reference';
import { storage } from './storage';
import { userQuery, userQueryKey } from './user';

export type { TextKey, TextParams };

/** The `t` of useT(), handed to plain functions so that they speak the chosen language. */
export type Translate = (key: TextKey, params?: TextParams) => string;

/** The English source text of a key (outside the provider, and in tests). */
export function englishText(key: TextKey, params?: TextParams): string {
  return translate(undefined, key, params);
}

/** The browser's preferred languages, most wanted first (`navigator.languages`). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/**
 * Spec §4 Language: the saved id if valid, else (issue 33: a guest's first visit) the first of the
 * browser's preferred languages Parley has ('de-AT' finds de), else the default language, else the first.
 */
export function resolveLanguageId(languages: Language[], savedId: string | null, preferred: readonly string[] = browserLanguages()): number | null {
  const saved = savedId === null ? NaN : Number(savedId);
  if (languages.some((l) => l.id === saved)) return saved;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    const match = languages.find((l) => l.code.toLowerCase() === tag.toLowerCase()) ?? languages.find((l) => l.code.toLowerCase() === base);
    if (match) return match.id;
  }
  return (languages.find((l) => l.default === 1) ?? languages[0])?.id ?? null;
}

/**
 * The lang_id of the one request made before any language is known: a guest's first GET /languages
 * (spec §7: every GET carries lang_id). 1 is the first language an install creates, its default
 * (English); the server answers any id it does not know in the default language.
 */
export const FIRST_VISIT_LANGUAGE_ID = 1;

interface I18nValue {
  languageId: number | null;
  languages: Language[];
  setLanguageId: (id: number) => void;
  /** The text of `key` in the chosen language (English when missing), with named parameters. */
  t: (key: TextKey, params?: TextParams) => string;
  /** A message that may be a catalogue text in English (a validation message from the contracts' schemas) in the chosen language. */
  localize: (message: string) => string;
  /** The chosen language's code (`en`, `de`), for plural rules and month names. */
  locale: string;
}

const I18nContext = createContext<I18nValue>({
  languageId: null,
  languages: [],
  setLanguageId: () => undefined,
  t: englishText,
  localize: (message) => message,
  locale: 'en',
});

export function I18nProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { isAuthenticated } = useAuth();
  const { data: languages = [], isPending: languagesPending } = useQuery(languagesQuery);
  const [savedId, setSavedId] = useState(() => storage.get(localKeys.languageId));
  const languageId = resolveLanguageId(languages, savedId) ?? (savedId === null ? null : Number(savedId) || null);
  // Set while rendering, not in an effect: the children's first requests (their effects run before
  // ours) must already carry lang_id (spec §7: every GET), and so must the list's own request.
  configureApiClient({ getLangId: () => languageId ?? FIRST_VISIT_LANGUAGE_ID });

  // Issue 33: a signed-in person's language is their account's, on every device. Signing in (or a
  // profile that arrives with another language) switches the interface to it; choosing a language
  // while signed in saves it to the account (setLanguageId).
  const { data: user } = useQuery({ ...userQuery, enabled: isAuthenticated });
  const accountLanguageId = isAuthenticated ? user?.language_id : undefined;
  useEffect(() => {
    if (accountLanguageId === undefined || languagesPending) return;
    if (accountLanguageId === null) {
      // An account without a language yet takes the one in use here.
      if (languageId !== null) void api.put('/user/language', { language_id: languageId }).catch(() => undefined);
      return;
    }
    if (accountLanguageId === languageId || !languages.some((l) => l.id === accountLanguageId)) return;
    storage.set(localKeys.languageId, String(accountLanguageId));
    setSavedId(String(accountLanguageId));
    configureApiClient({ getLangId: () => accountLanguageId });
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
    // Only the account's language decides here; the local choice follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountLanguageId, languagesPending]);

  // English is the catalogue this bundle carries (its rows only mirror it, and /admin cannot edit them):
  // nothing to download for it.
  const code = languages.find((l) => l.id === languageId)?.code;
  const { data: translations } = useQuery({
    queryKey: ['localizations', languageId],
    queryFn: async () => (await api.get<Envelope<Record<string, string>>>('/localizations', { query: { lang_id: languageId } })).payload ?? {},
    enabled: languageId !== null && code !== undefined && code !== 'en',
    staleTime: Infinity,
  });

  const setLanguageId = useCallback(
    (id: number) => {
      storage.set(localKeys.languageId, String(id));
      setSavedId(String(id));
      configureApiClient({ getLangId: () => id });
      // Server content (pages, FAQ, country names) differs per language.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
      // Signed in: the account keeps the language (every device, mail and notices follow it). The
      // profile shows the new one at once and is read again only once the server has it, so that
      // no older copy switches the interface back.
      if (authStore.getState().isAuthenticated) {
        queryClient.setQueryData<UserProfile | undefined>(userQueryKey, (profile) => (profile ? { ...profile, language_id: id } : profile));
        void api
          .put('/user/language', { language_id: id })
          .catch(() => undefined)
          .finally(() => void queryClient.invalidateQueries({ queryKey: userQueryKey }));
      }
    },
    [queryClient],
  );

  // A missing or empty translation falls back to English.
  const locale = code ?? 'en';
  const t = useCallback((key: TextKey, params?: TextParams) => translate(translations, key, params, locale), [translations, locale]);
  const localize = useCallback((message: string) => localizeEnglish(translations, message, locale), [translations, locale]);
  const value = useMemo(() => ({ languageId, languages, setLanguageId, t, localize, locale }), [languageId, languages, setLanguageId, t, localize, locale]);
  // A first visit has no saved language: wait for the list (one small request) so that even a
  // guest's first requests say which language they want. A failed list renders in English.
  if (savedId === null && languagesPending) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);
export const useT = () => useContext(I18nContext).t;

/** A fixed catalogue without the server (tests, previews): what the provider gives once a language is loaded. */
export function CatalogueProvider({ catalogue, locale = 'en', children }: { catalogue: Catalogue; locale?: string; children: ReactNode }) {
  const value = useMemo<I18nValue>(
    () => ({
      languageId: null,
      languages: [],
      setLanguageId: () => undefined,
      t: (key, params) => translate(catalogue, key, params, locale),
      localize: (message) => localizeEnglish(catalogue, message, locale),
      locale,
    }),
    [catalogue, locale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
