import { randomBytes } from 'node:crypto';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { sanitizeRichHtml } from '../../lib/html.js';
import { hashPassword } from '../../lib/password.js';
import { enableWithSecret } from '../auth/two-factor.service.js';
import { postEntry } from '../ledger/ledger.service.js';
import { seedProducts } from '../store/store.seed.js';
import { findUserByEmail, insertUser } from '../users/users.service.js';
import { findLanguageIdByCode, insertMissing, insertRows, insertSettingIfMissing, isEmpty } from './seed.repository.js';
import {
  DEMO_ADMIN_TOTP_SECRET,
  demoAccounts,
  seedBundles,
  seedCurrencies,
  seedFaqs,
  seedLanguages,
  seedRooms,
  seedSocialLinks,
  seedStaticPages,
  crisisPage,
} from './seed-content.js';
import { seedLocalizations } from './seed-localizations.js';
import { seedTranslations } from './content-translations.service.js';
import { germanBundles, germanFaqs, germanProducts, germanRooms, germanStaticPages } from './seed-content-de.js';

const germanId = (db: Db) => findLanguageIdByCode(db, 'de');
import { demoOperatorSettings } from './settings.service.js';

/** Every country libphonenumber knows, with its English name and dialing code. */
export function allCountries() {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((iso) => ({ iso, title: names.of(iso) ?? iso, dial_code: `+${getCountryCallingCode(iso)}` }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** Reference data every install needs. Idempotent: safe on every start. */
export async function seedReferenceData(db: Db, clock: Clock) {
  const now = clock.now().toISOString();
  await insertMissing(db, 'languages', [...seedLanguages]);
  await seedLocalizations(db);
  await insertMissing(db, 'currencies', [...seedCurrencies]);
  await insertMissing(db, 'countries', allCountries(), 50);
  await insertMissing(
    db,
    'static_pages',
    [...seedStaticPages, crisisPage].map((page) => ({ ...page, content: sanitizeRichHtml(page.content), created_at: now, updated_at: now })),
  );
  // The legal pages in German beside English (issue 33): a page the operator has not translated themselves.
  const de = await germanId(db);
  if (de !== undefined)
    await seedTranslations(
      db,
      'static_pages',
      de,
      'slug',
      Object.entries(germanStaticPages).map(([slug, page]) => ({ match: slug, fields: { title: page.title, content: sanitizeRichHtml(page.content) } })),
    );
}

/** Demo content: rooms, bundles, FAQ, social links and two accounts. Idempotent. */
export async function seedDemoData(db: Db, clock: Clock, options: DemoOptions) {
  const now = clock.now().toISOString();
  if (await isEmpty(db, 'rooms'))
    await insertRows(
      db,
      'rooms',
      seedRooms.map((r, i) => ({ ...r, position: i, created_at: now })),
    );
  if (await isEmpty(db, 'bundles'))
    await insertRows(
      db,
      'bundles',
      seedBundles.map((b, i) => ({ ...b, position: i })),
    );
  if (await isEmpty(db, 'faqs'))
    await insertRows(
      db,
      'faqs',
      seedFaqs.map((f, i) => ({ question: f.question, answer: sanitizeRichHtml(f.answer), position: i })),
    );
  if (await isEmpty(db, 'social_links'))
    await insertRows(
      db,
      'social_links',
      seedSocialLinks.map((s, i) => ({ ...s, position: i })),
    );
  await seedProducts(db, clock);
  // German beside the English demo content (issue 33), for rows that still hold the text we shipped.
  const de = await germanId(db);
  if (de !== undefined) {
    const each = <T>(map: Record<string, T>, fields: (value: T) => Record<string, string>) =>
      Object.entries(map).map(([match, value]) => ({ match, fields: fields(value) }));
    await seedTranslations(
      db,
      'rooms',
      de,
      'title',
      each(germanRooms, (title) => ({ title })),
    );
    await seedTranslations(
      db,
      'bundles',
      de,
      'description',
      each(germanBundles, (description) => ({ description })),
    );
    await seedTranslations(
      db,
      'faqs',
      de,
      'question',
      each(germanFaqs, (f) => ({ question: f.question, answer: sanitizeRichHtml(f.answer) })),
    );
    await seedTranslations(
      db,
      'products',
      de,
      'name',
      each(germanProducts, (p) => ({ name: p.name, description: p.description })),
    );
  }
  // The demo operator's requisites, only where the operator has not set their own.
  for (const [key, value] of Object.entries(demoOperatorSettings)) await insertSettingIfMissing(db, key, JSON.stringify(value));

  for (const [role, account] of [
    ['user', demoAccounts.user],
    ['admin', demoAccounts.admin],
  ] as const) {
    const existing = await findUserByEmail(db, account.email);
    if (existing) continue;
    // In production the README's passwords would let a stranger in: a random one, shown once.
    const password = options.passwords === 'random' ? randomBytes(18).toString('base64url') : account.password;
    if (options.passwords === 'random')
      options.announce?.(`Demo account ${account.email} (${role}) created with password ${password} — shown once, change it after signing in.`);
    const user = await insertUser(db, {
      email: account.email,
      password_hash: await hashPassword(password),
      name: account.name,
      surname: account.surname,
      phone: account.phone,
      phone_country_code: '372',
      phone_national_number: account.phone.slice(4),
      role,
      email_verified_at: now,
      adult_confirmed_at: now,
      created_at: now,
      updated_at: now,
    });
    if (account.coins > 0) {
      await db.transaction().execute((trx) =>
        postEntry(trx, clock, {
          userId: user.id,
          amount: account.coins,
          kind: 'admin_adjustment',
          idempotencyKey: `seed:${account.email}`,
          note: 'Demo balance',
        }),
      );
    }
    // Admins sign in with two factors: the demo admin with the README's key (random passwords: enrol at first sign-in).
    if (role === 'admin' && options.passwords !== 'random' && options.appSecret)
      await enableWithSecret({ db, clock, appSecret: options.appSecret }, user.id, DEMO_ADMIN_TOTP_SECRET);
  }
}

export interface DemoOptions {
  /** 'readme': the documented demo passwords; 'random': a new one per account, passed to `announce` once. */
  passwords?: 'readme' | 'random';
  announce?: (line: string) => void;
  /** Seals the demo admin's two-factor key (config.appSecret). */
  appSecret?: string;
}

export async function seedDatabase(db: Db, clock: Clock, options: { demo?: boolean } & DemoOptions = {}) {
  await seedReferenceData(db, clock);
  if (options.demo !== false) await seedDemoData(db, clock, options);
}
