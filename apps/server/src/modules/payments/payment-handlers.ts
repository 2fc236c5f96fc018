import { type FastifyBaseLogger } from 'fastify';
import { type Transaction } from 'kysely';
import { type Settings } from '@parley/contracts';
import { type Config } from '../../config.js';
import { type Database, type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { type Mailer } from '../mail/mailer.js';
import { type PaymentEvent, type PaymentGateway } from './gateway.js';

/**
 * Payment handlers: who owns a checkout reference.
 *
 * A checkout's `reference` is `<prefix>:<id>` (`deposit:42`, `order:7`). When a
 * verified webhook event arrives, the dispatcher (payments.service.ts) finds the
 * handler registered for the prefix and runs it inside ONE database transaction,
 * together with the row that records the gateway event id (so the same event id
 * is handled at most once). Contract for a handler:
 *
 * - `event.kind === 'succeeded'`: fulfil exactly once. Move your row with a
 *   conditional update (`… SET status='success' WHERE id=? AND status IN (…)`)
 *   and act only if it moved; post coins with `postEntry` and an idempotency key
 *   derived from your reference. Check `event.amountCents` against what you charged.
 * - `event.kind === 'failed'`: mark failed only if still pending; change no balance.
 * - `dispute_opened | dispute_won | dispute_lost` (isDisputeEvent): the reference was resolved from the
 *   recorded payment; hold, release or keep the disputed coins (modules/disputes).
 * - Unknown id in the reference, or an amount/session that does not match: throw
 *   `new AppError('BAD_REQUEST', …)`; the transaction rolls back and the gateway gets 400.
 * - Any other throw rolls back and answers 500, so the gateway redelivers later.
 * - Never publish or send mail inside the transaction: use `deps.afterCommit(fn)`.
 * - Handlers must be module-level functions that use only `trx`, `event` and `deps`
 *   (several app instances share this registry in one process). Register once at
 *   module load or in your routes plugin: `registerPaymentHandler('order', handleOrderPayment)`.
 *   Registering the same function again is a no-op; a different one for a taken prefix throws.
 */
export interface PaymentHandlerDeps {
  gateway: string;
  /** The gateway itself, for refunds run after the commit (modules/refunds#executeRefundLater). */
  gatewayClient: PaymentGateway;
  db: Db;
  mailer: Mailer;
  /** The settings, read (from the instance's cache) before the transaction. */
  settings: Settings;
  clock: Clock;
  config: Config;
  bus: EventBus;
  log: FastifyBaseLogger;
  afterCommit(action: () => Promise<void> | void): void;
}

export type PaymentHandler = (trx: Transaction<Database>, event: PaymentEvent, deps: PaymentHandlerDeps) => Promise<void>;

const handlers = new Map<string, PaymentHandler>();

const normalizePrefix = (prefix: string) => prefix.replace(/:$/, '');

export function registerPaymentHandler(prefix: string, handler: PaymentHandler): void {
  const key = normalizePrefix(prefix);
  if (!/^[a-z][a-z0-9_-]*$/.test(key)) throw new Error(`payment handler prefix "${prefix}" is not valid`);
  const existing = handlers.get(key);
  if (existing && existing !== handler) throw new Error(`payment handler for "${key}:" is already registered`);
  handlers.set(key, handler);
}

/** `deposit:42` → the deposit handler and `"42"`. */
export function findPaymentHandler(reference: string): { prefix: string; id: string; handler: PaymentHandler } | undefined {
  const colon = reference.indexOf(':');
  if (colon <= 0) return undefined;
  const prefix = reference.slice(0, colon);
  const handler = handlers.get(prefix);
  return handler ? { prefix, id: reference.slice(colon + 1), handler } : undefined;
}

/** The numeric id of a reference like `deposit:42`, or undefined. */
export function referenceId(reference: string): number | undefined {
  const id = reference.slice(reference.indexOf(':') + 1);
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : undefined;
}
