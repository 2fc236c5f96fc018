import { join } from 'node:path';
import { type FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type Config } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { type Db } from '../db/database.js';
import { logGroupCommitTo } from '../db/group-commit.js';
import { systemClock, systemRandom, type Clock, type Random } from '../lib/clock.js';
import { createDevMailbox, createSmtpMailer, type Mailer } from '../modules/mail/mailer.js';
import { createInProcessBus, type EventBus } from '../lib/event-bus.js';
import { connectRedis } from '../lib/redis.js';
import { createRedisBus } from '../lib/redis-event-bus.js';
import { createS3Storage } from '../lib/s3-storage.js';
import { createLocalDiskStorage, type Storage } from '../lib/storage.js';
import { createPaymentGateway } from '../modules/payments/create-gateway.js';
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

export function createInfra(config: Config, log: FastifyBaseLogger, overrides: Partial<Infra> = {}): Infra {
  const db = overrides.db ?? connectDatabase(config.database, { pool: config.databasePool, logger: log });
  logGroupCommitTo(db, log);
  const clock = overrides.clock ?? systemClock;
  const redis = overrides.redis ?? (config.redisUrl ? connectRedis(config.redisUrl, log) : undefined);
  return {
    config,
    db,
    clock,
    random: overrides.random ?? systemRandom,
    mailer: overrides.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createDevMailbox(db, clock, log)),
    bus:
      overrides.bus ??
      (redis ? createRedisBus(redis, log, { namespace: config.database.kind === 'postgres' ? config.database.schema : undefined }) : createInProcessBus()),
    redis,
    storage: overrides.storage ?? (config.storage.kind === 's3' ? createS3Storage(config.storage) : createLocalDiskStorage(join(config.dataDir, 'uploads'))),
    gateway: overrides.gateway ?? createPaymentGateway(config, { db, clock, log }),
  };
}
