import { randomUUID } from 'node:crypto';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Config } from '../../config.js';
import { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createCompanionMessage } from '../messages/messages.service.js';
import { createOfflineProvider } from './companion.offline.js';
import { createOpenAiProvider } from './companion.openai.js';
import { type CompanionProvider } from './companion.provider.js';
import { COMPANION_LEASE_MS, CompanionWorker } from './companion.worker.js';
import { ProviderHealth } from './companion.health.js';
import { listAdminIds } from './companion.repository.js';
import { registerCompanionHealth } from './companion.service.js';
import { createNotification } from '../notifications/notifications.service.js';

// Keyed by the HTTP server, which every encapsulated plugin context shares.
const workers = new WeakMap<object, CompanionWorker>();
/** This app's companion worker (tests drive it after moving the clock). */
export function getCompanionWorker(app: FastifyInstance): CompanionWorker {
  const worker = workers.get(app.server);
  if (!worker) throw new Error('companion worker not registered');
  return worker;
}

/** The configured endpoint when `LLM_BASE_URL` is set, else the offline companion (the documented fallback). */
export function createCompanionProvider(config: Config, log: FastifyBaseLogger): CompanionProvider {
  return config.llm ? createOpenAiProvider({ ...config.llm, log }) : createOfflineProvider();
}

/**
 * The AI companion has no HTTP routes of its own: it answers chat events. This
 * plugin schedules replies from the app's start; the job worker answers them and stops with the app.
 */
export const companionRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = new ProviderHealth(createCompanionProvider(app.config, app.log), app.clock, undefined, app.config.llm?.model ?? null);
  registerCompanionHealth(app, provider);
  const worker = new CompanionWorker(
    {
      db: app.db,
      clock: app.clock,
      random: app.random,
      bus: app.bus,
      log: app.log.child({ module: 'companion' }),
      provider,
      postReply: (topicId, content) => createCompanionMessage(app.db, app.clock, app.bus, { topicId, content }),
      postNotice: (topicId, content) => createCompanionMessage(app.db, app.clock, app.bus, { topicId, content, kind: 'system' }),
      notifyAdmins: async (notice) => {
        await app.db.transaction().execute(async (trx) => {
          for (const userId of await listAdminIds(trx)) await createNotification(trx, { ...notice, userId, dedupeKey: `${notice.dedupeKey}:${userId}` });
        });
      },
      instanceId: randomUUID(),
      leaseMs: COMPANION_LEASE_MS,
    },
    app.jobs,
  );
  workers.set(app.server, worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
  app.log.info({ provider: provider.kind }, 'companion provider');
};
