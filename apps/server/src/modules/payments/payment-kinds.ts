import { type Charged, type RefundSourceType, type Settings } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Transaction } from 'kysely';
import { type Config } from '../../config.js';
import { type Database, type Db, type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { type Mailer } from '../mail/mailer.js';
import { type DisputeRow } from '../disputes/disputes.table.js';
import { type RefundRow } from '../refunds/refunds.table.js';
import { type PaymentOutcomeEvent, type PaymentGateway } from './gateway.js';
import { type BillingSnapshot } from './billing.js';

/**
 * One payment core, several kinds of payable (decision 035g). A top-up (`deposit:42`) and a store order
 * (`order:7`) are both a checkout that a gateway event pays, fails, refunds or disputes, that gets a receipt
 * and that expires unpaid. What is common — the event's order of checks, the late-payment refund, the
 * gateway-refund booking loop, disputes, receipts, the billing snapshot — lives in payments/payables.ts; a
 * kind says only what differs, through the hooks below.
 *
 * The kinds are a plain object the app builds (app.ts, `createPaymentKinds`), never a process-global registry.
 * The webhook's event runs inside ONE transaction together with the row recording its event id. Hooks:
 * - Never publish or send mail inside the transaction: use `deps.afterCommit(fn)`.
 * - Throw `new AppError('BAD_REQUEST', …)` to refuse the event (rolled back, the gateway gets 400); any other
 *   throw rolls back and answers 500, so the gateway redelivers later.
 */
export interface PaymentHandlerDeps {
  gateway: string;
  /** The gateway itself, for refunds run after the commit (modules/refunds#executeRefund). */
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

/** What the core needs to know of any payable row. */
export interface Payable {
  id: number;
  userId: number;
  status: string;
  /** Null while no checkout session was opened (an order before its gateway answered). */
  gateway: string | null;
  sessionId: string | null;
  paymentId: string | null;
  charged: Charged;
}

/** A paid payable waiting for its receipt: the charge and what the receipt says. */
export interface ReceiptPendingPayable {
  id: number;
  userId: number;
  pendingAt: string;
  description: string;
  charged: Charged;
  vatPercent: number;
  paymentMethod: string | null;
  billing: BillingSnapshot;
}

/** The columns every payable row has under the same names. */
interface PayableColumns {
  id: number;
  user_id: number;
  status: string;
  gateway: string | null;
  gateway_session_id: string | null;
  gateway_payment_id: string | null;
}

/** A kind's row as the core sees it, the row itself kept for the kind's hooks. */
export function payableFrom<R extends PayableColumns>(row: R, charged: Charged): Payable & { row: R } {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    gateway: row.gateway,
    sessionId: row.gateway_session_id,
    paymentId: row.gateway_payment_id,
    charged,
    row,
  };
}

export interface PaymentKind<P extends Payable = Payable> {
  /** The reference prefix and the refund/dispute/receipt source type. */
  type: RefundSourceType;
  find(trx: DbOrTrx, id: number): Promise<P | undefined>;
  /** Optional fast path for a success: move the payable to paid in one statement; true when it moved (and was fulfilled). */
  settle?(trx: Transaction<Database>, id: number, event: PaymentOutcomeEvent, deps: PaymentHandlerDeps): Promise<boolean>;
  /** A success whose amount and session match: fulfil exactly once (a conditional status move), or refund it. */
  fulfil(trx: Transaction<Database>, payable: P, event: PaymentOutcomeEvent, deps: PaymentHandlerDeps): Promise<void>;
  /** A failure: change only an open payable; no balance moves. */
  fail(trx: Transaction<Database>, payable: P, event: PaymentOutcomeEvent, deps: PaymentHandlerDeps): Promise<void>;
  /** Coins bought with the payment and not refunded yet: a dispute holds them (0 for skins). */
  disputedCoins(payable: P): number;
  onDisputeOpened?(trx: Transaction<Database>, payable: P, dispute: DisputeRow, deps: PaymentHandlerDeps): Promise<void>;
  onDisputeClosed?(trx: Transaction<Database>, payable: P, dispute: DisputeRow, won: boolean, deps: PaymentHandlerDeps): Promise<void>;
  /** Statuses in which a gateway refund is booked. */
  bookable: readonly string[];
  /**
   * Books `cents` more refunded, conditional on `expectedRefundedCents` still being booked (racing events book once).
   * Returns the coins the refund should take back off the balance, or undefined when the row moved meanwhile.
   */
  bookRefund(trx: Transaction<Database>, payable: P, refund: { cents: number; expectedRefundedCents: number; now: string }): Promise<number | undefined>;
  /** The late-payment refund's request key prefix (`late` or `auto`; kept per kind so existing keys stay valid). */
  lateRefundKey: string;
  /** After a payment that cannot fulfil was refunded: record it on the row. */
  onRefundedUnfulfilled(trx: Transaction<Database>, payable: P, event: PaymentOutcomeEvent, refund: RefundRow, deps: PaymentHandlerDeps): Promise<void>;
  /** Paid and waiting for a receipt, oldest first, at most `limit`. */
  listReceiptPending(db: DbOrTrx, limit: number): Promise<ReceiptPendingPayable[]>;
  /** No longer waiting: their receipts are written in this transaction. */
  markReceiptsIssued(trx: DbOrTrx, ids: number[]): Promise<void>;
  /** Cancels every unpaid checkout past its expiry; returns how many. */
  expireStale(db: Db, clock: Clock): Promise<number>;
}

/** The app's payment kinds: a plain object, built once per app (app.ts). */
export interface PaymentKinds {
  readonly all: readonly PaymentKind[];
}

export function createPaymentKinds(kinds: readonly PaymentKind[]): PaymentKinds {
  const types = kinds.map((kind) => kind.type);
  const twice = types.find((type, i) => types.indexOf(type) !== i);
  if (twice) throw new Error(`payment kind "${twice}" is listed twice`);
  return Object.freeze({ all: Object.freeze([...kinds]) });
}

/** `deposit:42` → the deposit kind and `"42"`. */
export function findPaymentKind(kinds: PaymentKinds, reference: string): { kind: PaymentKind; id: string } | undefined {
  const colon = reference.indexOf(':');
  if (colon <= 0) return undefined;
  const kind = kinds.all.find((k) => k.type === reference.slice(0, colon));
  return kind ? { kind, id: reference.slice(colon + 1) } : undefined;
}

/** The numeric id of a reference like `deposit:42`, or undefined. */
export function referenceId(reference: string): number | undefined {
  const id = reference.slice(reference.indexOf(':') + 1);
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : undefined;
}

export const paymentReference = (type: RefundSourceType, id: number) => `${type}:${id}`;
