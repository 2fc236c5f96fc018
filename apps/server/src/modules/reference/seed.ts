import { randomBytes } from 'node:crypto';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { sanitizeRichHtml } from '../../lib/html.js';
import { hashPassword } from '../../lib/password.js';
import { enableWithSecret } from '../auth/two-factor.service.js';
import { postEntry } from '../ledger/ledger.service.js';
import { seedProducts } from '../store/store.seed.js';
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
} from './seed-content.js';
import { seedLocalizations } from './seed-localizations.js';
import { seedTranslations } from './content-translations.service.js';
import { germanBundles, germanFaqs, germanProducts, germanRooms, germanStaticPages } from './seed-content-de.js';

const germanId = async (db: Db) => (await db.selectFrom('languages').select('id').where('code', '=', 'de').executeTakeFirst())?.id;
import { demoOperatorSettings } from './settings.service.js';

/** Every country libphonenumber knows, with its English name and dialing code. */
export function allCountries() {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((iso) => ({ iso, title: names.of(iso) ?? iso, dial_code: `+${getCountryCallingCode(iso)}` }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

const isEmpty = async (db: Db, table: 'rooms' | 'bundles' | 'faqs' | 'social_links') => !(await db.selectFrom(table).select('id').limit(1).executeTakeFirst());

/** Reference data every install needs. Idempotent: safe on every start. */
export async function seedReferenceData(db: Db, clock: Clock) {
  const now = clock.now().toISOString();
  for (const language of seedLanguages)
    await db
      .insertInto('languages')
      .values(language)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  await seedLocalizations(db);
  for (const currency of seedCurrencies)
    await db
      .insertInto('currencies')
      .values(currency)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  const countries = allCountries();
  for (let i = 0; i < countries.length; i += 50) {
    await db
      .insertInto('countries')
      .values(countries.slice(i, i + 50))
      .onConflict((oc) => oc.column('iso').doNothing())
      .execute();
  }
  for (const page of seedStaticPages) {
    await db
      .insertInto('static_pages')
      .values({ ...page, content: sanitizeRichHtml(page.content), created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
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
    await db
      .insertInto('rooms')
      .values(seedRooms.map((r, i) => ({ ...r, position: i, created_at: now })))
      .execute();
  if (await isEmpty(db, 'bundles'))
    await db
      .insertInto('bundles')
      .values(seedBundles.map((b, i) => ({ ...b, position: i })))
      .execute();
  if (await isEmpty(db, 'faqs'))
    await db
      .insertInto('faqs')
      .values(seedFaqs.map((f, i) => ({ question: f.question, answer: sanitizeRichHtml(f.answer), position: i })))
      .execute();
  if (await isEmpty(db, 'social_links'))
    await db
      .insertInto('social_links')
      .values(seedSocialLinks.map((s, i) => ({ ...s, position: i })))
      .execute();
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
  for (const [key, value] of Object.entries(demoOperatorSettings))
    await db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();

  for (const [role, account] of [
    ['user', demoAccounts.user],
    ['admin', demoAccounts.admin],
  ] as const) {
    const existing = await db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirst();
    if (existing) continue;
    // In production the README's passwords would let a stranger in: a random one, shown once.
    const password = options.passwords === 'random' ? randomBytes(18).toString('base64url') : account.password;
    if (options.passwords === 'random')
      options.announce?.(`Demo account ${account.email} (${role}) created with password ${password} — shown once, change it after signing in.`);
    const user = await db
      .insertInto('users')
      .values({
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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
