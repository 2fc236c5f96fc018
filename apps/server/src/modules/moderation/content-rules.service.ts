import { texts, type ContentRule, type ContentRuleBody } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type EventBus } from '../../lib/event-bus.js';
import { getSettings } from '../reference/settings.service.js';
import { applyRules, compileRule, contactDetailsRule, patternError, type CompiledRule, type Verdict } from './content-filter.js';
import * as repo from './moderation.repository.js';
import { type ContentRuleRow } from './moderation.table.js';

/**
 * Content rules (issue 15): the admin's words and patterns, compiled once and kept in memory per
 * database handle (like the settings) until a change is announced over the bus, so checking a
 * message costs no statement. Applied to messages, topic titles, chat names, applications and AI replies.
 */
const RULES_TTL_MS = 60_000;
const cache = new WeakMap<DbOrTrx, { loadedAt: number; value: Promise<CompiledRule[]> }>();

function activeRules(db: DbOrTrx): Promise<CompiledRule[]> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.loadedAt < RULES_TTL_MS) return cached.value;
  const value = repo.listActiveRules(db).then((rows) => rows.map(compileRule).filter((rule): rule is CompiledRule => rule !== null));
  const entry = { loadedAt: Date.now(), value };
  cache.set(db, entry);
  value.catch(() => cache.get(db) === entry && cache.delete(db));
  return value;
}

/** Drops the compiled rules whenever any instance announces a change. */
export function watchContentRules(bus: EventBus, db: DbOrTrx) {
  return bus.onInvalidate((message) => message.kind === 'content-rules' && cache.delete(db));
}

/** The verdict on a text: the admin's rules, plus the built-in contact-details mask when it is switched on. */
export async function checkText(db: DbOrTrx, text: string): Promise<Verdict> {
  const [rules, settings] = await Promise.all([activeRules(db), getSettings(db)]);
  return applyRules(text, settings.mask_contact_details ? [...rules, contactDetailsRule] : rules);
}

/** The same check as a synchronous function over the rules of this moment (for a reply being streamed). */
export async function textChecker(db: DbOrTrx): Promise<(text: string) => Verdict> {
  const [rules, settings] = await Promise.all([activeRules(db), getSettings(db)]);
  const all = settings.mask_contact_details ? [...rules, contactDetailsRule] : rules;
  return (text) => applyRules(text, all);
}

/**
 * For a title, a chat name or an application field: refused and held texts are refused (a field is
 * not delivered to anyone later, so there is nothing to hold), masked ones come back masked.
 */
export async function checkField(db: DbOrTrx, field: string, text: string): Promise<string> {
  const verdict = await checkText(db, text);
  if (verdict.action !== 'allow') throw new AppError('VALIDATION', texts.contentRules.refusedField, { [field]: [texts.contentRules.refusedField] });
  return verdict.text;
}

/** An application is read by an admin before anything happens: held words are let through, refused ones are not. */
export async function checkApplicationField(db: DbOrTrx, field: string, text: string): Promise<string> {
  const verdict = await checkText(db, text);
  if (verdict.action === 'refuse') throw new AppError('VALIDATION', texts.contentRules.refusedField, { [field]: [texts.contentRules.refusedField] });
  return verdict.text;
}

const toRule = (row: ContentRuleRow): ContentRule => ({
  id: row.id,
  kind: row.kind,
  pattern: row.pattern,
  action: row.action,
  is_active: row.is_active === 1,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

function validated(body: ContentRuleBody) {
  const error = patternError(body.kind, body.pattern);
  if (error) throw new AppError('VALIDATION', error, { pattern: [error] });
  return { kind: body.kind, pattern: body.pattern, action: body.action, is_active: body.is_active ? 1 : 0 };
}

export const listContentRules = async (db: DbOrTrx) => (await repo.listRules(db)).map(toRule);

export async function createContentRule(db: DbOrTrx, body: ContentRuleBody, now: string): Promise<ContentRule> {
  return toRule(await repo.insertRule(db, { ...validated(body), now }));
}

export async function updateContentRule(db: DbOrTrx, id: number, body: ContentRuleBody, now: string): Promise<{ before: ContentRule; after: ContentRule }> {
  const values = validated(body);
  const before = await repo.findRule(db, id);
  if (!before) throw new AppError('NOT_FOUND', 'Content rule not found');
  const after = await repo.updateRule(db, id, { ...values, now });
  return { before: toRule(before), after: toRule(after!) };
}

export async function deleteContentRule(db: DbOrTrx, id: number): Promise<ContentRule> {
  const before = await repo.findRule(db, id);
  if (!before) throw new AppError('NOT_FOUND', 'Content rule not found');
  await repo.deleteRule(db, id);
  return toRule(before);
}
