import { type Redis } from 'ioredis';
import { type Config } from '../config.js';
import { type Db } from '../db/database.js';
import { type Clock, type Random } from '../lib/clock.js';
import { type EventBus } from '../lib/event-bus.js';
import { type Storage } from '../lib/storage.js';
import { type Mailer } from '../modules/mail/mailer.js';
import { type PaymentGateway } from '../modules/payments/gateway.js';

/**
 * Everything outside our code, behind interfaces, chosen once from config.
 * Tests pass their own pieces (a clock, a database on a test schema…).
 */
export interface Infra {
  config: Config;
  db: Db;
  clock: Clock;
  random: Random;
  mailer: Mailer;
  /** Chat event fan-out (in-process, or Redis pub/sub with REDIS_URL). */
  bus: EventBus;
  /** Command connection; present only when REDIS_URL is set. */
  redis?: Redis;
  /** Uploaded files (attachments): local disk under `${dataDir}/uploads`, or S3 with STORAGE=s3. */
  storage: Storage;
  /** Card payments: the built-in sandbox, or Stripe Checkout with PAYMENT_GATEWAY=stripe. */
  gateway: PaymentGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: Clock;
    random: Random;
    mailer: Mailer;
    bus: EventBus;
    redis?: Redis;
    storage: Storage;
    gateway: PaymentGateway;
  }
}
