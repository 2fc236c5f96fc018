import { pageMeta, texts, type DepositCheckoutBody } from '@parley/contracts';
import { type Config } from '../../config.js';
import { type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type PaymentGateway } from '../payments/gateway.js';
import { getSettings } from '../reference/settings.service.js';
import { type UserRow } from '../users/users.table.js';
import { resolveDisplayCurrency, toBundle, toDeposit, toHistoryRow } from './deposits.mapper.js';
import * as repo from './deposits.repository.js';

export interface DepositDeps {
  db: Db;
  clock: Clock;
  config: Config;
  gateway: PaymentGateway;
}

const formatEuro = (euros: number) => `${euros.toFixed(2)} €`;

export async function listBundles(db: Db, currencyCode?: string) {
  const currency = await resolveDisplayCurrency(db, currencyCode);
  return (await repo.listActiveBundles(db)).map((row) => toBundle(row, currency));
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
      const message = texts.topUp.minTopUp(formatEuro(settings.min_top_up_amount));
      throw new AppError('VALIDATION', message, { amount: [message] });
    }
    points = Math.round((amountCents * settings.points_convertion_rate) / 100);
    description = `${points} Parley coins`;
  }
  const vatCents = Math.round((amountCents * settings.vat_percent) / 100);
  return { amountCents, vatCents, totalCents: amountCents + vatCents, vatPercent: settings.vat_percent, points, bundleId: body.bundle_id ?? null, description };
}

type Billing = Omit<DepositCheckoutBody, 'accept_terms' | 'amount' | 'bundle_id' | 'currency' | 'lang_id' | 'country'> & {
  country: { id: number; title: string } | null;
};

/**
 * Starts a card checkout: a pending deposit, then a gateway session. Nothing is
 * credited here; coins arrive only with the gateway's confirmation (webhook).
 */
export async function startCheckout(deps: DepositDeps, user: UserRow, body: DepositCheckoutBody) {
  const country = await repo.findCountry(deps.db, body.country);
  if (!country) throw new AppError('VALIDATION', texts.topUp.countryRequired, { country: [texts.topUp.countryRequired] });
  const billing: Billing = {
    name: body.name,
    surname: body.surname,
    phone: body.phone,
    email: body.email,
    city: body.city,
    address: body.address,
    postCode: body.postCode,
    country: { id: country.id, title: country.title },
  };
  return createDeposit(deps, user, { amount: body.amount, bundle_id: body.bundle_id }, billing, body.currency);
}

/** POST /bundles/purchase: the same checkout, billed to the details already on the profile. */
export async function purchaseBundle(deps: DepositDeps, user: UserRow, bundleId: number, currency?: string) {
  const country = user.country_id ? await repo.findCountry(deps.db, user.country_id) : undefined;
  const billing: Billing = {
    name: user.name,
    surname: user.surname ?? '',
    phone: user.phone ?? '',
    email: user.email,
    city: user.city ?? '',
    address: user.address ?? '',
    postCode: user.zip ?? '',
    country: country ? { id: country.id, title: country.title } : null,
  };
  return createDeposit(deps, user, { bundle_id: bundleId }, billing, currency);
}

async function createDeposit(deps: DepositDeps, user: UserRow, what: { amount?: number; bundle_id?: number }, billing: Billing, currencyCode?: string) {
  const { db, clock, config, gateway } = deps;
  const price = await priceTopUp(db, what);
  const now = clock.now().toISOString();
  const deposit = await repo.insertDeposit(db, {
    user_id: user.id,
    amount_cents: price.amountCents,
    vat_percent: price.vatPercent,
    vat_cents: price.vatCents,
    total_cents: price.totalCents,
    points: price.points,
    bundle_id: price.bundleId,
    gateway: gateway.name,
    billing: JSON.stringify(billing),
    created_at: now,
    updated_at: now,
  });
  const query = `order_id=${deposit.id}&type=topup`;
  let session;
  try {
    session = await gateway.createCheckout({
      reference: `deposit:${deposit.id}`,
      resultType: 'topup',
      amountCents: price.totalCents,
      currency: 'EUR',
      description: price.description,
      customerEmail: billing.email || user.email,
      returnUrl: `${config.publicUrl}/processing-payment?${query}`,
      cancelUrl: `${config.publicUrl}/fail-payment?${query}`,
    });
  } catch (error) {
    const message = error instanceof AppError ? error.message : texts.topUp.gatewayError;
    await repo.markDepositFailed(db, deposit.id, message, clock.now().toISOString());
    throw error instanceof AppError ? error : new AppError('GATEWAY', texts.topUp.gatewayError);
  }
  const stored = await repo.setGatewaySession(db, deposit.id, session.sessionId, clock.now().toISOString());
  const currency = await resolveDisplayCurrency(db, currencyCode);
  return { redirectUrl: session.redirectUrl, deposit: toDeposit(stored, currency) };
}

export async function getDepositStatus(db: Db, userId: number, depositId: number, currencyCode?: string) {
  const row = await repo.findUserDeposit(db, userId, depositId);
  if (!row) throw new AppError('NOT_FOUND', texts.common.routeNotFound);
  return toDeposit(row, await resolveDisplayCurrency(db, currencyCode));
}

export async function depositHistory(db: Db, userId: number, page: number, perPage: number) {
  const [rows, total] = await Promise.all([repo.listSuccessfulDeposits(db, userId, perPage, (page - 1) * perPage), repo.countSuccessfulDeposits(db, userId)]);
  return { data: rows.map(toHistoryRow), meta: pageMeta(page, perPage, total) };
}
