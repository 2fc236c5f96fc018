import { pageMeta, texts, type CheckoutPrefill, type DepositCheckoutBody } from '@parley/contracts';
import { type Config } from '../../config.js';
import { type Db } from '../../db/database.js';
import { AppError, localized, validationError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type PaymentGateway } from '../payments/gateway.js';
import { billingFromForm, parseBilling, prefillFromProfile, serializeBilling, type BillingSnapshot } from '../payments/billing.js';
import { paymentReference } from '../payments/payment-kinds.js';
import { quoteIn } from '../payments/pricing.js';
import { hasReceipts } from '../receipts/receipts.service.js';
import { getSettings } from '../reference/settings.service.js';
import { localizeRow } from '../reference/content-translations.service.js';
import { getLanguageTexts, renderText } from '../reference/localization.service.js';
import { type UserRow } from '../users/users.table.js';
import { resolveDisplayCurrency, toBundle, toDeposit, toHistoryRow } from './deposits.mapper.js';
import * as repo from './deposits.repository.js';
import { assertAdult } from '../users/adult.js';

export interface DepositDeps {
  db: Db;
  clock: Clock;
  config: Config;
  gateway: PaymentGateway;
}

const formatEuro = (euros: number) => `${euros.toFixed(2)} €`;

export async function listBundles(db: Db, currencyCode?: string) {
  const currency = await resolveDisplayCurrency(db, currencyCode);
  const { vat_percent: vatPercent } = await getSettings(db);
  return (await repo.listActiveBundles(db)).map((row) => toBundle(row, currency, vatPercent));
}

/**
 * The top-up form's billing details (issue 33): those of the user's latest top-up, else the profile's.
 * The same shape as the store's checkout prefill.
 */
export async function getTopUpPrefill(db: Db, user: UserRow): Promise<CheckoutPrefill> {
  const fromProfile = prefillFromProfile(user);
  const stored = await repo.findLatestBilling(db, user.id);
  if (!stored) return fromProfile;
  const billing = parseBilling(stored);
  const text = (value: string, fallback: string) => (value.trim() !== '' ? value : fallback);
  return {
    name: text(billing.name, fromProfile.name),
    surname: text(billing.surname, fromProfile.surname),
    email: text(billing.email, fromProfile.email),
    phone: text(billing.phone, fromProfile.phone),
    country: billing.country?.id ?? fromProfile.country,
    city: text(billing.city, fromProfile.city),
    address: text(billing.address, fromProfile.address),
    postCode: text(billing.postCode, fromProfile.postCode),
  };
}

/** What is bought: coins for an amount (>= min_top_up_amount, × points_convertion_rate) or a bundle. */
async function priceTopUp(db: Db, body: { amount?: number; bundle_id?: number }) {
  const settings = await getSettings(db);
  let amountCents: number;
  let points: number;
  let description: string;
  if (body.bundle_id !== undefined) {
    const bundle = await repo.findActiveBundle(db, body.bundle_id);
    if (!bundle) throw new AppError('NOT_FOUND', texts.topUp.bundleNotFoundRetry, { bundle_id: [texts.topUp.bundleNotFoundRetry] });
    amountCents = bundle.price_cents;
    points = bundle.points;
    description = bundle.description;
  } else {
    amountCents = Math.round((body.amount ?? 0) * 100);
    if (amountCents <= 0) throw new AppError('VALIDATION', texts.topUp.validAmount, { amount: [texts.topUp.validAmount] });
    if (amountCents < settings.min_top_up_amount * 100) {
      throw validationError('amount', localized('topUp.minTopUp', { min: formatEuro(settings.min_top_up_amount) }));
    }
    points = Math.round((amountCents * settings.points_convertion_rate) / 100);
    description = `${points} Parley coins`;
  }
  const vatCents = Math.round((amountCents * settings.vat_percent) / 100);
  return {
    amountCents,
    vatCents,
    totalCents: amountCents + vatCents,
    vatPercent: settings.vat_percent,
    points,
    bundleId: body.bundle_id ?? null,
    description,
    expiryHours: settings.checkout_expiry_hours,
  };
}

/**
 * Starts a card checkout: a pending deposit, then a gateway session. Nothing is
 * credited here; coins arrive only with the gateway's confirmation (webhook).
 */
/** `languageId`: the request's language, which the hosted card page speaks. */
export async function startCheckout(deps: DepositDeps, user: UserRow, body: DepositCheckoutBody, languageId?: number) {
  assertAdult(user);
  const country = await repo.findCountry(deps.db, body.country);
  if (!country) throw new AppError('VALIDATION', texts.topUp.countryRequired, { country: [texts.topUp.countryRequired] });
  const billing = billingFromForm(body, country);
  return createDeposit(deps, user, { amount: body.amount, bundle_id: body.bundle_id }, billing, body.currency, languageId);
}

/** POST /bundles/purchase: the same checkout, billed to the details already on the profile. */
export async function purchaseBundle(deps: DepositDeps, user: UserRow, bundleId: number, currency?: string, languageId?: number) {
  assertAdult(user);
  const country = user.country_id ? await repo.findCountry(deps.db, user.country_id) : undefined;
  const billing: BillingSnapshot = {
    name: user.name,
    surname: user.surname ?? '',
    phone: user.phone ?? '',
    email: user.email,
    city: user.city ?? '',
    address: user.address ?? '',
    postCode: user.zip ?? '',
    country: country ? { id: country.id, title: country.title } : null,
  };
  return createDeposit(deps, user, { bundle_id: bundleId }, billing, currency, languageId);
}

async function createDeposit(
  deps: DepositDeps,
  user: UserRow,
  what: { amount?: number; bundle_id?: number },
  billing: BillingSnapshot,
  currencyCode?: string,
  languageId?: number,
) {
  const { db, clock, config, gateway } = deps;
  const price = await priceTopUp(db, what);
  // The hosted card page shows what is bought in the buyer's language (issue 33).
  const language = await getLanguageTexts(db, languageId);
  const shownDescription =
    price.bundleId !== null
      ? (await localizeRow(db, 'bundles', languageId, { id: price.bundleId, description: price.description }, ['description'])).description
      : renderText(language, 'paymentTexts.coinsDescription', { points: price.points });
  // Charged in the buyer's currency, exactly as shown: net converted, VAT on it (priceInCurrency).
  const currency = await resolveDisplayCurrency(db, currencyCode);
  const charge = quoteIn(currency, price.amountCents, price.vatPercent);
  const now = clock.now().toISOString();
  const expiresAt = new Date(clock.now().getTime() + price.expiryHours * 3600_000);
  const deposit = await repo.insertDeposit(db, {
    user_id: user.id,
    amount_cents: price.amountCents,
    vat_percent: price.vatPercent,
    vat_cents: price.vatCents,
    total_cents: price.totalCents,
    points: price.points,
    bundle_id: price.bundleId,
    gateway: gateway.name,
    billing: serializeBilling(billing),
    charge_currency: charge.currency,
    charge_net_cents: charge.net_cents,
    charge_vat_cents: charge.vat_cents,
    charge_total_cents: charge.total_cents,
    expires_at: expiresAt.toISOString(),
    created_at: now,
    updated_at: now,
  });
  const query = `order_id=${deposit.id}&type=topup`;
  let session;
  try {
    session = await gateway.createCheckout({
      reference: paymentReference('deposit', deposit.id),
      resultType: 'topup',
      amountCents: charge.total_cents,
      currency: charge.currency,
      description: shownDescription,
      locale: language.code,
      customerEmail: billing.email || user.email,
      returnUrl: `${config.publicUrl}/processing-payment?${query}`,
      cancelUrl: `${config.publicUrl}/fail-payment?${query}`,
      expiresAt,
    });
  } catch (error) {
    const message = error instanceof AppError ? error.message : texts.topUp.gatewayError;
    await repo.markDepositFailed(db, deposit.id, message, clock.now().toISOString());
    throw error instanceof AppError ? error : new AppError('GATEWAY', texts.topUp.gatewayError);
  }
  const stored = await repo.setGatewaySession(db, deposit.id, session.sessionId, clock.now().toISOString());
  return { redirectUrl: session.redirectUrl, deposit: toDeposit(stored, currency, false) };
}

/** A pending checkout past its expiry is canceled when anyone looks at it (and by the periodic sweep). */
export async function getDepositStatus(db: Db, clock: Clock, userId: number, depositId: number, currencyCode?: string) {
  if (!(await repo.findUserDeposit(db, userId, depositId))) throw new AppError('NOT_FOUND', texts.common.routeNotFound);
  await repo.expireDeposits(db, clock.now().toISOString(), texts.money.checkoutExpired, depositId);
  const row = (await repo.findUserDeposit(db, userId, depositId))!;
  const receipts = await hasReceipts(db, 'deposit', [row.id]);
  return toDeposit(row, await resolveDisplayCurrency(db, currencyCode), receipts.has(row.id));
}

export async function depositHistory(db: Db, userId: number, page: number, perPage: number) {
  const [rows, total] = await Promise.all([repo.listSuccessfulDeposits(db, userId, perPage, (page - 1) * perPage), repo.countSuccessfulDeposits(db, userId)]);
  const receipts = await hasReceipts(
    db,
    'deposit',
    rows.map((r) => r.id),
  );
  return { data: rows.map((row) => toHistoryRow(row, receipts.has(row.id))), meta: pageMeta(page, perPage, total) };
}
