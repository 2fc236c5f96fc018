import {
  checkPayoutRules,
  defaultCurrency,
  destinationLast4,
  pageMeta,
  payoutMethods,
  texts,
  type PayoutHistoryResponse,
  type PayoutHistoryRow,
  type PayoutMethodsResponse,
  type PayoutRequestBody,
  type Settings,
} from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database, type Db, type DbOrTrx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { postEntry } from '../ledger/ledger.service.js';
import { getSettings } from '../reference/settings.service.js';
import { getEarnings } from './earnings.service.js';
import { sealDetails, toPayoutHistoryRow } from './payouts.mapper.js';
import * as repo from './payouts.repository.js';

const t = texts.payout;

export interface PayoutDeps {
  db: Db;
  clock: Clock;
  encryptionKey: string;
  bus?: EventBus;
}

/** Coins a user may withdraw now: matured earnings not yet held or paid, never more than the balance. */
async function availableCoins(db: DbOrTrx, clock: Clock, userId: number): Promise<number> {
  return (await getEarnings(db, clock, userId)).available_coins;
}

/** The largest euro amount (in cents) whose coins fit in `coins` at the conversion rate. */
const centsFor = (coins: number, rate: number) => Math.floor((coins * 100) / rate);
const coinsFor = (cents: number, rate: number) => Math.round((cents * rate) / 100);
const maxAmountOf = (settings: Settings) => (settings.payout_max_amount > 0 ? settings.payout_max_amount : null);

/** GET /payouts/methods: the methods, the limits in euros, what this user can withdraw and what is still maturing. */
export async function getPayoutOptions(db: Db, clock: Clock, userId: number): Promise<PayoutMethodsResponse> {
  const settings = await getSettings(db);
  const user = await repo.findUserBalance(db, userId);
  const earnings = await getEarnings(db, clock, userId);
  const coins = user && user.is_contributor === 1 ? earnings.available_coins : 0;
  return {
    methods: [...payoutMethods],
    min_amount: settings.payout_min_amount,
    max_amount: maxAmountOf(settings),
    currency: defaultCurrency.code,
    symbol: defaultCurrency.symbol,
    available_amount: centsFor(coins, settings.points_convertion_rate) / 100,
    points_convertion_rate: settings.points_convertion_rate,
    earnings,
  };
}

export async function assertContributor(db: DbOrTrx, userId: number) {
  const user = await repo.findUserBalance(db, userId);
  if (!user || user.is_contributor !== 1) throw new AppError('FORBIDDEN', t.contributorsOnly);
}

async function holdPayout(trx: Transaction<Database>, deps: PayoutDeps, userId: number, body: PayoutRequestBody, settings: Settings) {
  const user = await repo.lockUser(trx, userId);
  if (!user || user.is_contributor !== 1) throw new AppError('FORBIDDEN', t.contributorsOnly);
  if (body.request_id) {
    const earlier = await repo.findPayoutByRequestId(trx, userId, body.request_id);
    if (earlier) return { payout: earlier, balance: null };
  }
  const rate = settings.points_convertion_rate;
  const available = await availableCoins(trx, deps.clock, userId);
  const errors = checkPayoutRules(
    { ...body.details, amount: body.amount },
    {
      minAmount: settings.payout_min_amount,
      maxAmount: maxAmountOf(settings),
      availableAmount: centsFor(available, rate) / 100,
      symbol: defaultCurrency.symbol,
      today: deps.clock.now().toISOString().slice(0, 10),
    },
  );
  if (!(await repo.countryExists(trx, body.country_id))) errors.country_id = [t.countryUnknown];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('VALIDATION', first, errors);

  const now = deps.clock.now().toISOString();
  const payout = await repo.insertPayout(trx, {
    user_id: userId,
    status: 'pending',
    method: body.method,
    amount_cents: body.amount_cents,
    currency: defaultCurrency.code,
    coins: coinsFor(body.amount_cents, rate),
    first_name: body.first_name,
    last_name: body.last_name,
    country_id: body.country_id,
    city: body.city,
    address: body.address,
    zip: body.zip,
    details_encrypted: sealDetails(deps.encryptionKey, userId, body.details),
    destination_last4: destinationLast4(body.details),
    request_id: body.request_id ?? null,
    created_at: now,
    updated_at: now,
  });
  const { entry } = await postEntry(trx, deps.clock, {
    userId,
    amount: -payout.coins,
    kind: 'payout_hold',
    idempotencyKey: `payout:${payout.id}:hold`,
    reference: { type: 'payout', id: payout.id },
    insufficientMessage: t.exceedsBalance,
  });
  return { payout, balance: entry.balance_after };
}

/**
 * POST /payouts: checks the limits against the user's locked row, stores the request
 * with its details sealed, and holds the coins through the ledger in the same transaction.
 */
export async function requestPayout(deps: PayoutDeps, userId: number, body: PayoutRequestBody): Promise<PayoutHistoryRow> {
  const settings = await getSettings(deps.db);
  try {
    const { payout, balance } = await deps.db.transaction().execute((trx) => holdPayout(trx, deps, userId, body, settings));
    // After the commit: the user's other tabs and sockets see the held coins leave the balance.
    if (balance !== null) await deps.bus?.publish({ type: 'balance', userId, balance }).catch(() => undefined);
    return toPayoutHistoryRow(payout);
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') throw new AppError('VALIDATION', t.exceedsBalance, { amount: [t.exceedsBalance] });
    // Two submissions with one request id raced: the other one holds the coins; answer with it.
    if (isUniqueViolation(error) && body.request_id) {
      const earlier = await repo.findPayoutByRequestId(deps.db, userId, body.request_id);
      if (earlier) return toPayoutHistoryRow(earlier);
    }
    throw error;
  }
}

/** GET /payouts: the user's own payouts, newest first. */
export async function listPayoutHistory(db: DbOrTrx, userId: number, page: number, perPage: number): Promise<PayoutHistoryResponse> {
  const [rows, total] = await Promise.all([repo.listUserPayouts(db, userId, perPage, (page - 1) * perPage), repo.countUserPayouts(db, userId)]);
  return { data: rows.map(toPayoutHistoryRow), meta: pageMeta(page, perPage, total) };
}
