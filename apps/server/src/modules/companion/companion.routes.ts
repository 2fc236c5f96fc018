import { randomUUID } from 'node:crypto';
import { envelopeSchema, regenerateReplyBodySchema, regenerateReplyResultSchema, stopReplyBodySchema, stopReplyResultSchema } from '@parley/contracts';
import { errorResponses } from '../../plugins/responses.js';
import { currentUser, requireVerified } from '../../plugins/session.js';
import { regenerateReply, stopReply } from './companion.controls.js';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Config } from '../../config.js';
import { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createCompanionMessage } from '../messages/messages.service.js';
import { createOfflineProvider } from './companion.offline.js';
import { createOpenAiProvider } from './companion.openai.js';
import { effectiveEndpoint, providerFor, SwitchableProvider } from './llm-connection.service.js';
import { type CompanionProvider } from './companion.provider.js';
import { COMPANION_LEASE_MS, CompanionWorker } from './companion.worker.js';
import { ProviderHealth } from './companion.health.js';
import { listAdminIds } from './companion.repository.js';
import { registerCompanionHealth, RunningReplies, type CompanionDeps } from './companion.service.js';
import { createNotification } from '../notifications/notifications.service.js';

// Keyed by the HTTP server, which every encapsulated plugin context shares.
const workers = new WeakMap<object, CompanionWorker>();
/** This app's companion worker (tests drive it after moving the clock). */
export function getCompanionWorker(app: FastifyInstance): CompanionWorker {
  const worker = workers.get(app.server);
  if (!worker) throw new Error('companion worker not registered');
  return worker;
}

const refreshers = new WeakMap<object, () => Promise<void>>();
/** Rebuilds this app's companion provider from the stored connection (after an admin changed it). */
export async function refreshCompanionProvider(app: FastifyInstance): Promise<void> {
  await refreshers.get(app.server)?.();
}

/** The configured endpoint when `LLM_BASE_URL` is set, else the offline companion (the documented fallback). */
export function createCompanionProvider(config: Config, log: FastifyBaseLogger): CompanionProvider {
  return config.llm ? createOpenAiProvider({ ...config.llm, log }) : createOfflineProvider();
}

/**
 * The AI companion answers chat events: this plugin schedules replies from the app's start; the job worker
 * answers them and stops with the app. Its routes are the owner's controls (issue 34): stop, regenerate.
 */
export const companionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The environment's endpoint (or the offline companion) until the stored connection is read; swapped in place when an admin changes it.
  const switchable = new SwitchableProvider(createCompanionProvider(app.config, app.log), app.config.llm?.model ?? null);
  const provider = new ProviderHealth(switchable, app.clock, undefined, () => switchable.model);
  registerCompanionHealth(app, provider);
  const refresh = async () => {
    const endpoint = await effectiveEndpoint(app.db, app.config, app.log);
    switchable.use(providerFor(endpoint, app.config, app.log), endpoint?.model ?? null);
    provider.reset();
    app.log.info({ provider: switchable.kind, model: switchable.model }, 'companion provider');
  };
  const refreshLogged = () => refresh().catch((error: unknown) => app.log.error({ err: error }, 'companion provider refresh failed'));
  refreshers.set(app.server, refresh);
  // Another instance's admin changed the connection.
  const unwatch = app.bus.onInvalidate((message) => message.kind === 'llm' && void refreshLogged());
  const deps: CompanionDeps = {
    db: app.db,
    clock: app.clock,
    random: app.random,
    bus: app.bus,
    log: app.log.child({ module: 'companion' }),
    provider,
    postReply: (topicId, content, variantOf) => createCompanionMessage(app.db, app.clock, app.bus, { topicId, content, variantOf }),
    postNotice: (topicId, content) => createCompanionMessage(app.db, app.clock, app.bus, { topicId, content, kind: 'system' }),
    notifyAdmins: async (notice) => {
      await app.db.transaction().execute(async (trx) => {
        for (const userId of await listAdminIds(trx)) await createNotification(trx, { ...notice, userId, dedupeKey: `${notice.dedupeKey}:${userId}` });
      });
    },
    instanceId: randomUUID(),
    leaseMs: COMPANION_LEASE_MS,
    running: new RunningReplies(),
  };
  const worker = new CompanionWorker(deps, app.jobs);
  workers.set(app.server, worker);
  app.post(
    '/companion/stop',
    {
      onRequest: requireVerified,
      schema: { tags: ['chat'], body: stopReplyBodySchema, response: { 200: envelopeSchema(stopReplyResultSchema), ...errorResponses(404, 409) } },
    },
    async (request) => ({ status: 'OK' as const, payload: await stopReply(deps, currentUser(request).id, request.body.topic_id, request.body.shown_chars) }),
  );
  app.post(
    '/companion/regenerate',
    {
      onRequest: requireVerified,
      schema: { tags: ['chat'], body: regenerateReplyBodySchema, response: { 200: envelopeSchema(regenerateReplyResultSchema), ...errorResponses(404, 409) } },
    },
    async (request) => {
      const { dueAt, ...result } = await regenerateReply(deps, currentUser(request).id, request.body.topic_id, request.body.message_id);
      app.jobs.wakeAt(dueAt);
      return { status: 'OK' as const, payload: result };
    },
  );
  app.addHook('onReady', async () => {
    await refreshLogged();
    worker.start();
  });
  app.addHook('preClose', async () => {
    unwatch();
    worker.stop();
  });
};
