import { localizeEnglish, translate, type Catalogue, type TextKey, type TextParams } from '@parley/contracts/i18n';
import { type DbOrTrx } from '../../db/database.js';
import { type LocalizedText } from '../../lib/app-error.js';
import { type EventBus } from '../../lib/event-bus.js';
import * as repo from './reference.repository.js';

/** One language's texts as the server renders them: `catalogue` undefined means the English source in code. */
export interface LanguageTexts {
  readonly id: number | null;
  /** The language's code, the locale of plurals and numbers ('de'). */
  readonly code: string;
  readonly catalogue: Catalogue | undefined;
}

/** English from the catalogue in code (without a languages row to name). */
export const englishTexts: LanguageTexts = Object.freeze({ id: null, code: 'en', catalogue: undefined });

/** A safety net only: changes reach every instance at once through `bus.invalidate({ kind: 'localizations' })`. */
const TTL_MS = 10 * 60_000;

interface Entry {
  loadedAt: number;
  languages: Promise<{ id: number; code: string; is_default: number }[]>;
  texts: Map<number, Promise<LanguageTexts>>;
}
const cache = new WeakMap<DbOrTrx, Entry>();

function entryOf(db: DbOrTrx): Entry {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.loadedAt < TTL_MS) return cached;
  const entry: Entry = { loadedAt: Date.now(), languages: repo.listLanguages(db), texts: new Map() };
  // Inside a transaction the tables are read each time (a writer sees its own changes); nothing is kept.
  if (!db.isTransaction) {
    cache.set(db, entry);
    entry.languages.catch(() => cache.get(db) === entry && cache.delete(db));
  }
  return entry;
}

/**
 * The texts of a language (by languages.id; unknown or absent: the default language), read once per
 * language and kept in memory per database handle until a change is announced: rendering a message
 * costs no statement. English is the catalogue in code (its rows mirror it, seed.ts), so it reads nothing.
 */
export async function getLanguageTexts(db: DbOrTrx, languageId?: number | null): Promise<LanguageTexts> {
  const entry = entryOf(db);
  const languages = await entry.languages;
  const language = languages.find((l) => l.id === languageId) ?? languages.find((l) => l.is_default === 1) ?? languages[0];
  if (!language) return englishTexts;
  if (language.code === 'en') return Object.freeze({ id: language.id, code: 'en', catalogue: undefined });
  let texts = entry.texts.get(language.id);
  if (!texts) {
    texts = repo
      .listLocalizations(db, language.id)
      .then((rows) => Object.freeze({ id: language.id, code: language.code, catalogue: Object.freeze(Object.fromEntries(rows.map((r) => [r.key, r.value]))) }));
    entry.texts.set(language.id, texts);
    texts.catch(() => entry.texts.get(language.id) === texts && entry.texts.delete(language.id));
  }
  return texts;
}

/** The texts of the first language of `codes` Parley has ('de', 'de-AT' → de); none: the default language. */
export async function getLanguageTextsByCode(db: DbOrTrx, codes: readonly string[]): Promise<LanguageTexts> {
  const languages = await entryOf(db).languages;
  for (const code of codes) {
    const base = code.trim().toLowerCase().split(/[-_]/)[0];
    const language = languages.find((l) => l.code === base);
    if (language) return getLanguageTexts(db, language.id);
  }
  return getLanguageTexts(db, undefined);
}

/** A catalogue text in a language, English where the language lacks it. */
export const renderText = (language: LanguageTexts, key: TextKey, params?: TextParams) => translate(language.catalogue, key, params, language.code);

/** The id of a language that exists (a sign-up's or a switch's lang_id), else null. */
export async function findLanguageId(db: DbOrTrx, languageId: number | undefined): Promise<number | null> {
  if (languageId === undefined) return null;
  return (await entryOf(db).languages).some((l) => l.id === languageId) ? languageId : null;
}

/** The language a person reads Parley in (users.language_id; else the default): their mail and notices use it. */
export async function getUserLanguageTexts(db: DbOrTrx, userId: number): Promise<LanguageTexts> {
  return getLanguageTexts(db, await repo.findUserLanguageId(db, userId));
}

/** A text still to be written in its reader's language: a catalogue key with its values, or text as it is. */
export type TextPart = string | LocalizedText;

/**
 * Writes parts in a language, separated by spaces. A plain string that is exactly a catalogue English
 * text (a notice title passed as `texts.x.y`) is translated too, and so is such a value (a default reason).
 */
export function renderParts(language: LanguageTexts, parts: TextPart | readonly TextPart[]): string {
  const list: readonly TextPart[] = Array.isArray(parts) ? parts : [parts as TextPart];
  const plain = (text: string) => localizeEnglish(language.catalogue, text, language.code);
  return list
    .map((part) => {
      if (typeof part === 'string') return plain(part);
      const params = part.params && Object.fromEntries(Object.entries(part.params).map(([k, v]) => [k, typeof v === 'string' ? plain(v) : v]));
      return renderText(language, part.key, params);
    })
    .join(' ');
}

/** Drops this instance's copy; the next message loads the texts again. */
export function forgetLocalizations(db: DbOrTrx) {
  cache.delete(db);
}

/** Drops the copy whenever any instance announces a change of a language or its texts. */
export function watchLocalizations(bus: EventBus, db: DbOrTrx) {
  return bus.onInvalidate((message) => message.kind === 'localizations' && forgetLocalizations(db));
}
