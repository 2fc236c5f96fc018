import { join } from 'node:path';
import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { logGroupCommitTo } from '../db/group-commit.js';
import { systemClock, systemRandom } from '../lib/clock.js';
import { createDevMailbox, createSmtpMailer } from '../modules/mail/mailer.js';
import { createInProcessBus } from '../lib/event-bus.js';
import { connectRedis } from '../lib/redis.js';
import { createRedisBus } from '../lib/redis-event-bus.js';
import { createS3Storage } from '../lib/s3-storage.js';
import { createLocalDiskStorage } from '../lib/storage.js';
import { createPaymentGateway } from '../modules/payments/create-gateway.js';

import { type Infra } from './infra.types.js';

export type { Infra };

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
