import { type Generated } from 'kysely';

export interface SettingsTable {
  key: string;
  /** JSON-encoded value. */
  value: string;
}
export interface LanguagesTable {
  id: Generated<number>;
  code: string;
  title: string;
  is_default: Generated<number>;
}
export interface LocalizationsTable {
  id: Generated<number>;
  language_id: number;
  key: string;
  value: string;
}
export interface CurrenciesTable {
  id: Generated<number>;
  code: string;
  symbol: string;
  value: number;
  is_default: Generated<number>;
}
export interface CountriesTable {
  id: Generated<number>;
  title: string;
  iso: string;
  dial_code: string;
}
export interface StaticPagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  content: string;
  is_terms: Generated<number>;
  is_privacy: Generated<number>;
  is_buyer_terms: Generated<number>;
  is_seller_terms: Generated<number>;
  is_cookie: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface FaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  position: Generated<number>;
}
export interface SocialLinksTable {
  id: Generated<number>;
  title: string;
  link: string;
  img: string;
  position: Generated<number>;
}

/** One field of one content row in one language (migration 0240); the row's own column is the default language's text. */
export interface ContentTranslationsTable {
  id: Generated<number>;
  table_name: string;
  row_id: number;
  language_id: number;
  field: string;
  text: string;
}
